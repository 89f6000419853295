// Number and date parsing for the imports, Italian and international formats alike.

/**
 * A decimal as numeric text ("1234.5"), or null. Accepts a decimal comma or dot and thousands separators:
 * "1.234,56", "1,234.56", "1234,56", "1234.56", "1 234,56". With one kind of separator appearing once it is the
 * decimal separator; appearing more than once it groups thousands. When the file states its decimal separator
 * (a ';' CSV uses the decimal comma, a ',' CSV the dot), the other character only groups thousands: "10.000" in
 * a ';' file is ten thousand.
 */
export function parseDecimal(input: string, decimalSeparator?: ',' | '.'): string | null {
  let s = input.trim().replace(/[\s\u00a0']/g, '');
  if (s === '') return null;
  if (decimalSeparator) {
    const group = decimalSeparator === ',' ? '.' : ',';
    if (s.split(decimalSeparator).length > 2) return null;
    s = s.split(group).join('').replace(decimalSeparator, '.');
  }
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
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(s)) return null;
  s = s.replace(/^\+/, '');
  if (s.startsWith('.')) s = `0${s}`;
  if (s.startsWith('-.')) s = `-0${s.slice(1)}`;
  return s.replace(/\.$/, '');
}

/** A real calendar date from YYYY-MM-DD or DD/MM/YYYY (also D/M/YYYY, DD-MM-YYYY, DD.MM.YYYY), as YYYY-MM-DD. */
export function parseDate(input: string): string | null {
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
