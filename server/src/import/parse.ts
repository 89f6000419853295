// Number and date parsing for the imports, Italian and international formats alike.

/** The number convention a CSV states by its column separator (docs/import/README.md, "Numbers"). */
export interface NumberConvention {
  /** ',' in a ';' file, '.' in a ',' file. */
  decimal: ',' | '.';
  /** The other one: it only groups thousands. */
  group: '.' | ',';
}

/** The convention of a CSV separated by `delimiter`: ';' goes with the decimal comma, ',' with the decimal dot. */
export const conventionOf = (delimiter: ';' | ','): NumberConvention =>
  delimiter === ';' ? { decimal: ',', group: '.' } : { decimal: '.', group: ',' };

/** A number cell read under a stated convention. */
export type NumberReading =
  | {
      ok: true;
      /** Numeric text with a decimal dot ("1234.5"). */
      value: string;
      /** Holds the decimal separator ("85,12" in a ';' file): the cell shows the file's convention. */
      showsDecimal: boolean;
      /** Holds the grouping character and no decimal separator ("117.998" in a ';' file): read as thousands. */
      groupedOnly: boolean;
    }
  | {
      ok: false;
      /** notNumber: not a number at all; thousandsGroup: the grouping character misplaced ("9.95" in a ';' file). */
      code: 'notNumber' | 'thousandsGroup';
    };

/** Characters that group thousands besides the convention's own: spaces (also no-break ones) and the apostrophe. */
const SPACES = /[\s\u00a0\u202f']/;

/**
 * A number cell under the file's convention. The decimal separator appears at most once; the grouping character
 * (or a space) only in the integer part, well formed: 1 to 3 leading digits not starting with 0, then groups of
 * exactly three digits ("1.234.567,8" in a ';' file). Anything else with the grouping character in it is `thousandsGroup`: "9.95" and
 * "60.94" in a ';' file are decimals written with the wrong separator, never 995 and 6094.
 */
export function readNumber(input: string, convention: NumberConvention): NumberReading {
  const s = input.trim();
  const m = s.match(/^([+-]?)(.*)$/s)!;
  const sign = m[1] === '-' ? '-' : '';
  const body = m[2]!;
  if (body === '') return { ok: false, code: 'notNumber' };
  const parts = body.split(convention.decimal);
  if (parts.length > 2) return { ok: false, code: 'notNumber' };
  const [int, frac] = [parts[0]!, parts[1]];
  if (frac !== undefined && !/^\d*$/.test(frac))
    return { ok: false, code: frac.includes(convention.group) ? 'thousandsGroup' : 'notNumber' };
  let digits = int;
  const separators = new Set([...int].filter((c) => !/\d/.test(c)));
  if (separators.size > 0) {
    const [sep] = separators;
    const grouping = sep === convention.group || SPACES.test(sep!);
    if (!grouping) return { ok: false, code: 'notNumber' };
    const esc = sep!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (separators.size > 1 || !new RegExp(`^[1-9]\\d{0,2}(${esc}\\d{3})+$`).test(int))
      return { ok: false, code: separators.has(convention.group) ? 'thousandsGroup' : 'notNumber' };
    digits = int.split(sep!).join('');
  }
  if (digits === '' && !frac) return { ok: false, code: 'notNumber' };
  const value = `${sign}${digits || '0'}${frac ? `.${frac}` : ''}`;
  return {
    ok: true,
    value: value === '-0' ? '0' : value,
    showsDecimal: frac !== undefined,
    groupedOnly: frac === undefined && separators.has(convention.group),
  };
}

/** A text number read without a stated convention: its numeric text, or why not. */
export type TextReading = { ok: true; value: string } | { ok: false; code: 'notNumber' | 'ambiguousText' };

/**
 * One '.' or ',' (and no other separator) after 1 to 3 leading digits not starting with 0, followed by exactly three
 * digits ("10.000", "1,500"): a decimal just as well as a thousands group, so neither reading is taken.
 */
const AMBIGUOUS_TEXT = /^[+-]?[1-9]\d{0,2}[.,]\d{3}$/;

/**
 * A text number with no stated convention (text cells of an XLSX; docs/import/README.md, "Numbers"): either separator
 * is accepted. Both present, the last one is the decimal separator ("1.234,56", "1,234.56"); one kind appearing more
 * than once, it groups thousands ("1.000.000"); appearing once, it is the decimal separator ("85.12", "0.500",
 * "1234.567"), unless it could group thousands just as well ("10.000", "1,500": `ambiguousText`).
 */
export function readTextNumber(input: string): TextReading {
  let s = input.trim().replace(/[\s\u00a0\u202f']/g, '');
  if (s === '') return { ok: false, code: 'notNumber' };
  if (AMBIGUOUS_TEXT.test(s)) return { ok: false, code: 'ambiguousText' };
  const lastComma = s.lastIndexOf(',');
  const lastDot = s.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    const decimal = lastComma > lastDot ? ',' : '.';
    const group = decimal === ',' ? '.' : ',';
    s = s.split(group).join('').replace(decimal, '.');
  } else if (lastComma >= 0) {
    s = s.split(',').length > 2 ? s.split(',').join('') : s.replace(',', '.');
  } else if (lastDot >= 0 && s.split('.').length > 2) {
    s = s.split('.').join('');
  }
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(s)) return { ok: false, code: 'notNumber' };
  s = s.replace(/^\+/, '');
  if (s.startsWith('.')) s = `0${s}`;
  if (s.startsWith('-.')) s = `-0${s.slice(1)}`;
  return { ok: true, value: s.replace(/\.$/, '') };
}

/**
 * A decimal as numeric text ("1234.5"), or null. With a stated decimal separator (a CSV: ',' in a ';' file, '.' in a
 * ',' file; '.' for the typed number cells of an XLSX) the rules of readNumber apply. Without one, those of
 * readTextNumber: null for a text that could be read two ways ("10.000").
 */
export function parseDecimal(input: string, decimalSeparator?: ',' | '.'): string | null {
  if (decimalSeparator) {
    const r = readNumber(input, conventionOf(decimalSeparator === ',' ? ';' : ','));
    return r.ok ? r.value : null;
  }
  const r = readTextNumber(input);
  return r.ok ? r.value : null;
}

/**
 * The dates read lately: a file repeats its dates (ten years of daily prices of 60 instruments is 3,654 dates in
 * 219,240 rows), each read once. Emptied when full.
 */
const datesRead = new Map<string, string | null>();
const DATES_KEPT = 20_000;

/** A real calendar date from YYYY-MM-DD or DD/MM/YYYY (also D/M/YYYY, DD-MM-YYYY, DD.MM.YYYY), as YYYY-MM-DD. */
export function parseDate(input: string): string | null {
  const known = datesRead.get(input);
  if (known !== undefined) return known;
  const date = readDate(input);
  if (datesRead.size >= DATES_KEPT) datesRead.clear();
  datesRead.set(input, date);
  return date;
}

function readDate(input: string): string | null {
  const s = input.trim();
  let y: number;
  let m: number;
  let d: number;
  let match = s.match(/^(\d{4})-(\d{1,2})-(\d{1,2})$/);
  if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else {
    match = s.match(/^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/);
    if (!match) return null;
    [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  }
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/** Integer digits of numeric text, to reject values that overflow the table's numeric columns. */
export const integerDigits = (s: string) => s.replace(/^-/, '').split('.')[0]!.replace(/^0+/, '').length;
