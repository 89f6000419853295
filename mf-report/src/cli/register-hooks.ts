// Registers node-hooks.ts (Lingui macros and asset imports) after tsx: `node --import tsx --import ./register-hooks.ts`.
import { register } from 'node:module';

register('./node-hooks.ts', import.meta.url);
