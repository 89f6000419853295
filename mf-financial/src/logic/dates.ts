// Date rules of the financial pages (spec data-and-admin sections 4 and 9). Pure: dates are YYYY-MM-DD strings,
// "today" is passed in, calendar arithmetic runs in UTC so no daylight-saving change moves a day.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Today in local time as YYYY-MM-DD. */
export function localToday(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** YYYY-MM-DD plus n days: addDays('2026-01-01', -1) = '2025-12-31'. */
export function addDays(iso: string, n: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** YYYY-MM-DD plus n years, clamped to the month's end: addYears('2024-02-29', 1) = '2025-02-28'. */
export function addYears(iso: string, n: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y + n, m, 0)).getUTCDate();
  return `${String(y + n).padStart(4, '0')}-${pad(m)}-${pad(Math.min(d, last))}`;
}

export interface DateRange {
  from: string;
  to: string;
}

/** The end of the previous year: the day before 1 January of today's year. previousYearEnd('2026-11-21') = '2025-12-31'. */
export function previousYearEnd(today: string): string {
  return addDays(`${today.slice(0, 4)}-01-01`, -1);
}

/**
 * Spec constant "default date range: day before start of current year to today".
 * defaultRange('2026-11-21') = { from: '2025-12-31', to: '2026-11-21' }.
 */
export function defaultRange(today: string): DateRange {
  return { from: previousYearEnd(today), to: today };
}

/**
 * The range after the selected portfolio is deleted (spec data-and-admin section 4): from the first movement date
 * of the aggregate, clamped against the end of the previous year, through today. Periods are (from, to] (DESIGN.md
 * section 4), so the range opens the day before the first movement, and never before the previous year's end.
 * Worked example, today 2026-11-21: first movement 2024-01-02 gives 2025-12-31; 2026-03-10 gives 2026-03-09; none
 * gives 2025-12-31. A first movement today still leaves a one-day range.
 */
export function rangeAfterDeletion(firstMovementDate: string | null | undefined, today: string): DateRange {
  const floor = previousYearEnd(today);
  if (!isIsoDate(firstMovementDate)) return { from: floor, to: today };
  const [from] = [addDays(firstMovementDate, -1), floor].sort().reverse() as [string];
  const [opening] = [from, addDays(today, -1)].sort() as [string];
  return { from: opening, to: today };
}

/** A usable range: two real dates, from strictly before to. */
export function isValidRange(r: Partial<DateRange> | null | undefined): r is DateRange {
  return Boolean(r) && isIsoDate(r?.from) && isIsoDate(r?.to) && (r?.from ?? '') < (r?.to ?? '');
}

/** The fee table's start (four quarters to dateTo): shared with the widget data API. */
export { feeRangeStart } from '@patrimonio/shared-api';

/** 'YYYY-MM-DD' and 'HH:mm' to the API's date-time 'YYYY-MM-DD HH:mm'; null when either is malformed. */
export function joinDateTime(date: string, time: string): string | null {
  if (!isIsoDate(date)) return null;
  const t = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time.trim());
  return t ? `${date} ${t[1]}:${t[2]}` : null;
}

/** 'YYYY-MM-DD HH:mm' (or ISO with T and seconds) to its date and time parts. */
export function splitDateTime(value: string | null | undefined): { date: string; time: string } {
  const m = value ? /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}))?/.exec(value) : null;
  return { date: m?.[1] ?? '', time: m?.[2] ?? '00:00' };
}
