export * from './client.ts';
export * from './contract/admin-codes.ts';
export * from './contract/admin-schemas.ts';
export * from './contract/analytics-schemas.ts';
export { CLIENT_CANNOT_BE_ADDED, type ClientValidationReason } from './contract/clients.ts';
export * from './contract/delegates.ts';
export * from './contract/documents-schemas.ts';
export * from './contract/exchange-codes.ts';
export * from './contract/exchange-schemas.ts';
export * from './contract/fee-subcauses.ts';
export * from './contract/financial-schemas.ts';
export * from './contract/geo-schemas.ts';
export * from './contract/middle-office-codes.ts';
export * from './contract/middle-office-schemas.ts';
export * from './contract/movement-causes.ts';
export * from './contract/movement-schemas.ts';
export type { BankOnboarding } from './contract/onboarding.ts';
export * from './contract/password-rules.ts';
export * from './contract/planning-schemas.ts';
export * from './contract/pro-registration.ts';
export * from './contract/pro-registration-codes.ts';
export * from './contract/real-estate-schemas.ts';
export * from './contract/report-schemas.ts';
export * from './contract/shares-lux-schemas.ts';
export * from './contract/stock-schemas.ts';
export * from './contract/subscription-codes.ts';
export * from './contract/subscription-schemas.ts';
export * from './contract/support-schemas.ts';
export {
  REJECTION_CODES,
  type RejectedRow,
  type RejectionCode,
  STORED_ROWS_HEADER,
  UPLOAD_ERROR_CODES,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_ROWS,
  UPLOAD_MAX_UNCOMPRESSED_BYTES,
  UPLOAD_PARSE_TIMEOUT_MS,
  type UploadErrorCode,
} from './contract/uploads.ts';
export * from './contract/widget-schemas.ts';
export * from './contract/widgets.ts';
export * from './reference/index.ts';
export { businessChartData, feeRangeStart, waterfallStart } from './report-ranges.ts';
export * from './routes.ts';
export * from './schemas.ts';
export * from './validators/body.ts';
export * from './validators/index.ts';
