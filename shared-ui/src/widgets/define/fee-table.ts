// Side-effect module: registers <pt-fee-table> (and imports only that element).
import { FEE_TABLE_TAG, FeeTableElement } from '../FeeTableElement.ts';
import { defineWidget } from './register.ts';

defineWidget(FEE_TABLE_TAG, FeeTableElement);
