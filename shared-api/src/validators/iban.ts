// IBAN check (ISO 13616): format, length by country, and the mod-97 check digits.

/** IBAN lengths by country (SEPA countries and the main others). Unknown countries are checked on 15-34. */
const LENGTHS: Record<string, number> = {
  AD: 24,
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GI: 23,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  VA: 22,
};

export interface IbanResult {
  iban: string;
  valid: boolean;
  reason: string | null;
  countryCode: string | null;
  /** Italian and San Marino IBANs: bank (ABI) and branch (CAB) codes. */
  abi: string | null;
  cab: string | null;
}

/** Upper case without spaces. */
export const normalizeIban = (raw: string) => raw.replace(/\s+/g, '').toUpperCase();

/** The remainder of the IBAN's number (country and check digits moved to the end, letters as 10..35) mod 97. */
export function ibanMod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    const digits = code >= 65 ? String(code - 55) : ch;
    for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest;
}

export function checkIban(raw: string): IbanResult {
  const iban = normalizeIban(raw);
  const result = (valid: boolean, reason: string | null): IbanResult => {
    const country = /^[A-Z]{2}/.test(iban) ? iban.slice(0, 2) : null;
    const italian = valid && (country === 'IT' || country === 'SM');
    return {
      iban,
      valid,
      reason,
      countryCode: country,
      abi: italian ? iban.slice(5, 10) : null,
      cab: italian ? iban.slice(10, 15) : null,
    };
  };
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]+$/.test(iban)) return result(false, 'format');
  const expected = LENGTHS[iban.slice(0, 2)];
  if (expected ? iban.length !== expected : iban.length < 15 || iban.length > 34) return result(false, 'length');
  if (
    (iban.slice(0, 2) === 'IT' || iban.slice(0, 2) === 'SM') &&
    !/^[A-Z]{2}[0-9]{2}[A-Z][0-9]{10}[A-Z0-9]{12}$/.test(iban)
  )
    return result(false, 'format');
  if (ibanMod97(iban) !== 1) return result(false, 'checksum');
  return result(true, null);
}

export const isValidIban = (raw: string): boolean => checkIban(raw).valid;
