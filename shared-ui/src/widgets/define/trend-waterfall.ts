// Side-effect module: registers <pt-trend-waterfall> (and imports only that element).
import { TREND_WATERFALL_TAG, TrendWaterfallElement } from '../TrendWaterfallElement.ts';
import { defineWidget } from './register.ts';

defineWidget(TREND_WATERFALL_TAG, TrendWaterfallElement);
