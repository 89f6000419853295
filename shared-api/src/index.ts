export * from './client.ts';
export * from './contract/analytics-schemas.ts';
export * from './contract/financial-schemas.ts';
export * from './contract/movement-schemas.ts';
export type { BankOnboarding } from './contract/onboarding.ts';
export * from './contract/stock-schemas.ts';
export * from './routes.ts';
export * from './schemas.ts';
