// Side-effect module: registers <pt-performance-bars> (and imports only that element).
import { PERFORMANCE_BARS_TAG, PerformanceBarsElement } from '../PerformanceBarsElement.ts';
import { defineWidget } from './register.ts';

defineWidget(PERFORMANCE_BARS_TAG, PerformanceBarsElement);
