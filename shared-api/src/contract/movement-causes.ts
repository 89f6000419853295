// The movement causes, once: the contract's enum (movement-schemas.ts), the server's upload check, the
// financials page's cause picker, and which of them bring cash in (the engine's cash, the bank files' credits). Schema-free, so a page takes it from '@patrimonio/shared-api/constants'
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

/** The causes that bring cash into the account (a credit of the bank's); every other cause takes cash out (a debit). */
export const CASH_IN_CAUSES: ReadonlySet<string> = new Set([
  'DEPOSIT',
  'TRANSFER_IN',
  'SELL',
  'COUPON',
  'DIVIDEND',
  'INTEREST',
]);
