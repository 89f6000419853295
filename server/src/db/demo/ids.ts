// Italian identifiers for the demo data: tax codes and VATs with their check characters, IBANs with CIN and
// mod-97 check digits, and the ISIN check digit (to verify the real ISINs listed).
import { taxCodeCheckChar, vatCheckDigit } from '../../domain/italian-ids.ts';

/** A codice fiscale from its first 15 characters. */
export const taxCode = (first15: string): string => first15 + taxCodeCheckChar(first15);

/** A partita IVA from its first 10 digits. */
export const vat = (first10: string): string => first10 + String(vatCheckDigit(first10));

// CIN of the Italian BBAN: the same odd/even tables as the tax code check character, over 22 characters.
const ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
const charIndex = (ch: string): number => (/\d/.test(ch) ? Number(ch) : ch.charCodeAt(0) - 65);

export function cin(abi: string, cab: string, account: string): string {
  const s = abi + cab + account;
  let sum = 0;
  for (let i = 0; i < s.length; i++) sum += i % 2 === 0 ? ODD[charIndex(s[i]!)]! : charIndex(s[i]!);
  return String.fromCharCode(65 + (sum % 26));
}

/** The remainder mod 97 of an IBAN-style string (letters as 10-35). */
function mod97(text: string): number {
  let r = 0;
  for (const ch of text) {
    const v = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of v) r = (r * 10 + Number(d)) % 97;
  }
  return r;
}

/** An Italian IBAN: IT, check digits, CIN, ABI (5), CAB (5), account number (12). */
export function italianIban(abi: string, cab: string, accountNumber: string): string {
  const account = accountNumber.padStart(12, '0');
  const bban = cin(abi, cab, account) + abi + cab + account;
  const check = 98 - mod97(`${bban}IT00`);
  return `IT${String(check).padStart(2, '0')}${bban}`;
}

export const isValidIban = (iban: string): boolean =>
  /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban) && mod97(iban.slice(4) + iban.slice(0, 4)) === 1;

/** Italian IBAN with the right CIN too. */
export const isValidItalianIban = (iban: string): boolean =>
  /^IT\d{2}[A-Z]\d{10}[A-Z0-9]{12}$/.test(iban) &&
  isValidIban(iban) &&
  cin(iban.slice(5, 10), iban.slice(10, 15), iban.slice(15)) === iban[4];

/** ISIN check digit (Luhn over the letters expanded to numbers). */
export function isValidIsin(isin: string): boolean {
  if (!/^[A-Z]{2}[A-Z0-9]{9}\d$/.test(isin)) return false;
  const digits = [...isin.slice(0, 11)].map((c) => (/\d/.test(c) ? c : String(c.charCodeAt(0) - 55))).join('');
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let n = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return (10 - (sum % 10)) % 10 === Number(isin[11]);
}
