export { addDaysIso, formatDate, formatDateTime, todayIso } from './dates.ts';
export {
  abbreviate,
  DASH,
  formatFileSize,
  formatMoney,
  formatNumber,
  formatPercent,
  formatPrice,
  formatQuantity,
} from './numbers.ts';
