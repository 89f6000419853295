export {
  ASSET_CLASS_LABELS,
  assetClassLabel,
  byMacroOrder,
  CATEGORY_LABELS,
  CAUSE_LABELS,
  codeLabel,
  DESTINATION_LABELS,
  MACRO_LABELS,
  MACRO_ORDER,
  MOVEMENT_ORIGIN_LABELS,
  MOVEMENT_STATUS_LABELS,
  SUBCAUSE_LABELS,
  TYPOLOGY_LABELS,
  WEALTH_LABELS,
} from './codes.ts';
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
  signAsShown,
} from './numbers.ts';
export {
  formatProbability,
  PROBABILITY_HIGH,
  PROBABILITY_LEVEL_LABELS,
  PROBABILITY_LOW,
  type ProbabilityLevel,
  probabilityLevel,
} from './probability.ts';
