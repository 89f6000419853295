// Calendar arithmetic on ISO dates (YYYY-MM-DD), proleptic Gregorian, no time zones and no Date objects:
// a date maps to a day number (days since 1970-01-01) by integer arithmetic, so hot loops can work on integers.
import type { IsoDate } from './types.ts';

const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/** True for a Gregorian leap year. Worked example: 2024 true, 1900 false, 2000 true. */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days in a month (1-12). Worked example: daysInMonth(2024, 2) = 29; daysInMonth(2023, 2) = 28. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Day number of a civil date: days since 1970-01-01 (negative before). */
function civilToDays(year: number, month: number, day: number): number {
  // Shift the year to start in March, so February (and its leap day) is the last month of the shifted year.
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const shiftedMonth = month > 2 ? month - 3 : month + 9;
  const dayOfYear = Math.floor((153 * shiftedMonth + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/**
 * The day number of an ISO date: days since 1970-01-01. Throws on a malformed date.
 * Worked example: toDayNumber('1970-01-02') = 1; toDayNumber('2024-03-01') - toDayNumber('2024-02-28') = 2.
 */
export function toDayNumber(d: IsoDate): number {
  // Parsed by character codes (this runs for every price and FX point): YYYY-MM-DD, digits only.
  if (d.length !== 10 || d.charCodeAt(4) !== 45 || d.charCodeAt(7) !== 45) throw new Error(`invalid ISO date: ${d}`);
  // x >>> 0 turns a negative difference (a character below '0') into a huge number, so one comparison per digit.
  const c0 = (d.charCodeAt(0) - 48) >>> 0;
  const c1 = (d.charCodeAt(1) - 48) >>> 0;
  const c2 = (d.charCodeAt(2) - 48) >>> 0;
  const c3 = (d.charCodeAt(3) - 48) >>> 0;
  const c5 = (d.charCodeAt(5) - 48) >>> 0;
  const c6 = (d.charCodeAt(6) - 48) >>> 0;
  const c8 = (d.charCodeAt(8) - 48) >>> 0;
  const c9 = (d.charCodeAt(9) - 48) >>> 0;
  if (c0 > 9 || c1 > 9 || c2 > 9 || c3 > 9 || c5 > 9 || c6 > 9 || c8 > 9 || c9 > 9)
    throw new Error(`invalid ISO date: ${d}`);
  const year = c0 * 1000 + c1 * 100 + c2 * 10 + c3;
  const month = c5 * 10 + c6;
  const day = c8 * 10 + c9;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) throw new Error(`invalid ISO date: ${d}`);
  return civilToDays(year, month, day);
}

/** The parts of a day number. */
function daysToCivil(n: number): { year: number; month: number; day: number } {
  const z = n + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return { year, month, day };
}

/** The ISO date of a day number. Worked example: fromDayNumber(0) = '1970-01-01'; fromDayNumber(19783) = '2024-03-01'. */
export function fromDayNumber(n: number): IsoDate {
  const { year, month, day } = daysToCivil(n);
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

/** The date n days after d (n may be negative). Worked example: addDays('2024-02-28', 2) = '2024-03-01'. */
export function addDays(d: IsoDate, n: number): IsoDate {
  return fromDayNumber(toDayNumber(d) + n);
}

/** b - a in calendar days. Worked example: daysBetween('2023-12-31', '2024-03-01') = 31 + 29 + 1 = 61. */
export function daysBetween(a: IsoDate, b: IsoDate): number {
  return toDayNumber(b) - toDayNumber(a);
}

/**
 * Every date from start to end, both included; empty if end is before start.
 * Worked example: eachDay('2024-02-28', '2024-03-01') = ['2024-02-28', '2024-02-29', '2024-03-01'].
 */
export function eachDay(start: IsoDate, end: IsoDate): IsoDate[] {
  const from = toDayNumber(start);
  const to = toDayNumber(end);
  const out: IsoDate[] = [];
  for (let n = from; n <= to; n++) out.push(fromDayNumber(n));
  return out;
}

/** The last day of d's month. Worked example: endOfMonth('2024-02-10') = '2024-02-29'. */
export function endOfMonth(d: IsoDate): IsoDate {
  const year = Number(d.slice(0, 4));
  const month = Number(d.slice(5, 7));
  toDayNumber(d);
  return `${d.slice(0, 8)}${pad2(daysInMonth(year, month))}`;
}

/**
 * d moved by `months` calendar months, the day clamped to the target month's last day.
 * Worked example: addMonthsClamped('2024-01-31', 1) = '2024-02-29'; addMonthsClamped('2024-03-31', -1) = '2024-02-29';
 * addMonthsClamped('2023-11-15', 3) = '2024-02-15'.
 */
export function addMonthsClamped(d: IsoDate, months: number): IsoDate {
  toDayNumber(d);
  const year = Number(d.slice(0, 4));
  const month = Number(d.slice(5, 7));
  const day = Number(d.slice(8, 10));
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12 + 1;
  const targetDay = Math.min(day, daysInMonth(targetYear, targetMonth));
  return `${String(targetYear).padStart(4, '0')}-${pad2(targetMonth)}-${pad2(targetDay)}`;
}

/** The calendar quarter of d. Worked example: quarterOf('2024-05-31') = { year: 2024, quarter: 2 }. */
export function quarterOf(d: IsoDate): { year: number; quarter: 1 | 2 | 3 | 4 } {
  toDayNumber(d);
  const month = Number(d.slice(5, 7));
  return { year: Number(d.slice(0, 4)), quarter: (Math.floor((month - 1) / 3) + 1) as 1 | 2 | 3 | 4 };
}

/** The last day of a quarter. Worked example: quarterEnd(2024, 1) = '2024-03-31'; quarterEnd(2024, 4) = '2024-12-31'. */
export function quarterEnd(year: number, quarter: number): IsoDate {
  if (!Number.isInteger(quarter) || quarter < 1 || quarter > 4) throw new Error(`invalid quarter: ${quarter}`);
  const month = quarter * 3;
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(daysInMonth(year, month))}`;
}

/** Sort comparator for ISO dates: negative if a < b, 0 if equal, positive if a > b. Worked example: compareDates('2024-01-02', '2023-12-31') > 0. */
export function compareDates(a: IsoDate, b: IsoDate): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
