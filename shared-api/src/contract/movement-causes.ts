// The movement causes, once: the contract's enum (movement-schemas.ts), the server's upload check and the
// financials page's cause picker. Schema-free, so a page takes it from '@patrimonio/shared-api/constants'
// without bundling TypeBox.

/** What a movement records: cash in and out, trades, income, fees and taxes. */
export const MOVEMENT_CAUSES = [
  'DEPOSIT',
  'WITHDRAWAL',
  'TRANSFER_IN',
  'TRANSFER_OUT',
  'BUY',
  'SELL',
  'COUPON',
  'DIVIDEND',
  'INTEREST',
  'FEE',
  'TAX',
] as const;
