// Italian identifiers for the demo data: tax codes and VATs with their check characters, IBANs with CIN and
// mod-97 check digits (the checks themselves are shared-api's validators).
import { checkIban, ibanMod97, oddEvenCheckChar, taxCodeCheckChar, vatCheckDigit } from '@patrimonio/shared-api';

/** A codice fiscale from its first 15 characters. */
export const taxCode = (first15: string): string => first15 + taxCodeCheckChar(first15);

/** A partita IVA from its first 10 digits. */
export const vat = (first10: string): string => first10 + String(vatCheckDigit(first10));

/** CIN of the Italian BBAN: the tax code's odd/even check character, over ABI, CAB and account (22 characters). */
export const cin = (abi: string, cab: string, account: string): string => oddEvenCheckChar(abi + cab + account);

/** An Italian IBAN: IT, check digits, CIN, ABI (5), CAB (5), account number (12). */
export function italianIban(abi: string, cab: string, accountNumber: string): string {
  const account = accountNumber.padStart(12, '0');
  const bban = cin(abi, cab, account) + abi + cab + account;
  const check = 98 - ibanMod97(`IT00${bban}`);
  return `IT${String(check).padStart(2, '0')}${bban}`;
}

/** Italian IBAN with the right CIN too. */
export const isValidItalianIban = (iban: string): boolean =>
  /^IT\d{2}[A-Z]\d{10}[A-Z0-9]{12}$/.test(iban) &&
  checkIban(iban).valid &&
  cin(iban.slice(5, 10), iban.slice(10, 15), iban.slice(15)) === iban[4];
