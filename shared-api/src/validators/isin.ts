// ISIN check (ISO 6166): 2-letter country, 9 letters or digits, and a check digit by Luhn over the string with
// letters expanded (A=10…Z=35).

/** The ISIN's shape only (no check digit): how an upload row is told apart from a name. */
export const ISIN_FORMAT = /^[A-Z]{2}[A-Z0-9]{9}[0-9]$/;

/** Upper case, no surrounding blanks: how an ISIN is stored and compared. */
export const normalizeIsin = (raw: string): string => raw.trim().toUpperCase();

export function checkIsin(raw: string): { valid: true; isin: string } | { valid: false; reason: string } {
  const isin = normalizeIsin(raw);
  if (!ISIN_FORMAT.test(isin))
    return { valid: false, reason: 'expected 2 letters, 9 letters or digits and a check digit' };
  const digits = [...isin].map((ch) => (ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch)).join('');
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0 ? { valid: true, isin } : { valid: false, reason: 'wrong check digit' };
}

export const isValidIsin = (raw: string): boolean => checkIsin(raw).valid;
