// Constants and reference lists of the contract without its schemas: a page importing values from here does not
// bundle TypeBox and the whole contract again (the shared-ui chunk already holds them). Types still come from
// '@patrimonio/shared-api' with `import type`.

export * from './contract/admin-codes.ts';
export * from './contract/exchange-codes.ts';
export * from './contract/fee-subcauses.ts';
export * from './contract/limits.ts';
export * from './contract/middle-office-codes.ts';
export { CASH_IN_CAUSES, MOVEMENT_CAUSES } from './contract/movement-causes.ts';
export * from './contract/password-rules.ts';
export * from './contract/planning-codes.ts';
export * from './contract/practice-files-codes.ts';
export * from './contract/pro-registration-codes.ts';
export * from './contract/real-estate-codes.ts';
export * from './contract/subscription-codes.ts';
export * from './contract/tour-codes.ts';
export { REJECTION_CODES, UPLOAD_ERROR_CODES } from './contract/upload-codes.ts';
export * from './contract/upload-limits.ts';
export * from './reference/index.ts';
export * from './validators/index.ts';
