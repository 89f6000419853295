// Side-effect module: registers <pt-business-chart> (and imports only that element).
import { BUSINESS_CHART_TAG, BusinessChartElement } from '../BusinessChartElement.ts';
import { defineWidget } from './register.ts';

defineWidget(BUSINESS_CHART_TAG, BusinessChartElement);
