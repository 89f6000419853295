// Side-effect module: registers <pt-wealth-total> (and imports only that element).
import { WEALTH_TOTAL_TAG, WealthTotalElement } from '../WealthTotalElement.ts';
import { defineWidget } from './register.ts';

defineWidget(WEALTH_TOTAL_TAG, WealthTotalElement);
