// Italian identifiers: the codice fiscale of a person and the partita IVA of a company, with their check
// characters. Results are stable reason codes the UI translates.

export type TaxCodeProblem = 'missing_tax_code' | 'invalid_tax_code';
export type VatProblem = 'missing_vat' | 'invalid_vat';

/** Upper case, no blanks: how a tax code is stored and compared. */
export const normalizeTaxCode = (raw: string | null | undefined): string =>
  (raw ?? '').replace(/\s+/g, '').toUpperCase();

/** Digits only, without blanks or a leading IT country prefix: how a VAT number is stored and compared. */
export const normalizeVat = (raw: string | null | undefined): string =>
  (raw ?? '')
    .replace(/\s+/g, '')
    .toUpperCase()
    .replace(/^IT(?=\d{11}$)/, '');

// Omocodia: when two people share a code, digits are replaced from the right by these letters (0-9).
const OMOCODIA = 'LMNPQRSTUV';
const MONTHS = 'ABCDEHLMPRST';
// Values of the characters in odd positions (1st, 3rd, ...) for the check character; digits map like A-J.
const ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
// Positions (0-based) that hold digits, or their omocodia letters.
const DIGIT_POSITIONS = [6, 7, 9, 10, 12, 13, 14];

const charIndex = (ch: string): number => (/\d/.test(ch) ? Number(ch) : ch.charCodeAt(0) - 65);

/**
 * The odd/even check character of a text of letters and digits: the tax code's 16th character over its first 15,
 * and the CIN of an Italian bank account over ABI, CAB and account number.
 */
export function oddEvenCheckChar(text: string): string {
  let sum = 0;
  for (let i = 0; i < text.length; i++) {
    const v = charIndex(text[i]!);
    sum += i % 2 === 0 ? ODD[v]! : v;
  }
  return String.fromCharCode(65 + (sum % 26));
}

/** The check character (16th) for the first 15 characters of a tax code. */
export const taxCodeCheckChar = (first15: string): string => oddEvenCheckChar(first15.slice(0, 15));

/** The digit behind a digit-or-omocodia character. */
const digitOf = (ch: string): number => (/\d/.test(ch) ? Number(ch) : OMOCODIA.indexOf(ch));

/** Checks a codice fiscale: format (with omocodia letters), month, day (1-31, +40 for women) and check character. */
export function checkTaxCode(raw: string | null | undefined): TaxCodeProblem | null {
  const code = normalizeTaxCode(raw);
  if (!code) return 'missing_tax_code';
  const d = '[0-9LMNPQRSTUV]';
  const re = new RegExp(`^[A-Z]{6}${d}{2}[${MONTHS}]${d}{2}[A-Z]${d}{3}[A-Z]$`);
  if (!re.test(code)) return 'invalid_tax_code';
  const day = digitOf(code[9]!) * 10 + digitOf(code[10]!);
  if (!((day >= 1 && day <= 31) || (day >= 41 && day <= 71))) return 'invalid_tax_code';
  if (taxCodeCheckChar(code.slice(0, 15)) !== code[15]) return 'invalid_tax_code';
  return null;
}

export const isValidTaxCode = (raw: string | null | undefined): boolean => checkTaxCode(raw) === null;

/**
 * The birth date a valid codice fiscale encodes (YYYY-MM-DD), or null for an invalid code or an impossible date. The
 * code has two digits of the year: the century is the one that puts the date on or before `today` and less than 100
 * years before it (a code of 2025 read in 2026 is 2025, not 1925). Women's days are + 40.
 */
export function birthDateFromTaxCode(raw: string | null | undefined, today: string): string | null {
  if (checkTaxCode(raw) !== null) return null;
  const code = normalizeTaxCode(raw);
  const yy = digitOf(code[6]!) * 10 + digitOf(code[7]!);
  const month = MONTHS.indexOf(code[8]!) + 1;
  let day = digitOf(code[9]!) * 10 + digitOf(code[10]!);
  if (day > 40) day -= 40;
  const pad = (n: number) => String(n).padStart(2, '0');
  const thisYear = Number(today.slice(0, 4));
  let year = Math.floor(thisYear / 100) * 100 + yy;
  if (`${year}-${pad(month)}-${pad(day)}` > today) year -= 100;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The same code with its omocodia letters turned back into digits (the person's base code), check char recomputed. */
export function deOmocodia(raw: string): string {
  const chars = normalizeTaxCode(raw).split('');
  for (const p of DIGIT_POSITIONS) if (chars[p] && OMOCODIA.includes(chars[p])) chars[p] = String(digitOf(chars[p]));
  const first15 = chars.slice(0, 15).join('');
  return first15 + taxCodeCheckChar(first15);
}

/** The check digit (11th) of a partita IVA from its first 10 digits (Luhn). */
export function vatCheckDigit(first10: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const n = Number(first10[i]);
    if (i % 2 === 0) sum += n;
    else sum += n * 2 > 9 ? n * 2 - 9 : n * 2;
  }
  return (10 - (sum % 10)) % 10;
}

/** Checks a partita IVA: 11 digits (an IT prefix is accepted), not all zeros, right check digit. */
export function checkVat(raw: string | null | undefined): VatProblem | null {
  const vat = normalizeVat(raw);
  if (!vat) return 'missing_vat';
  if (!/^\d{11}$/.test(vat) || /^0{11}$/.test(vat)) return 'invalid_vat';
  return vatCheckDigit(vat.slice(0, 10)) === Number(vat[10]) ? null : 'invalid_vat';
}

export const isValidVat = (raw: string | null | undefined): boolean => checkVat(raw) === null;
