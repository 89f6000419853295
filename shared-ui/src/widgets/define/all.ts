// Side-effect module: registers every widget element (the same guarded registration as defineWidgets()).
import { defineWidgets } from '../define.ts';

defineWidgets();
