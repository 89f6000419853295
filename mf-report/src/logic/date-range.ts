// The report's date range (portal-and-report 5, "Report date range"): bounds, default, validation and the
// portfolios a range covers. Dates are ISO strings (YYYY-MM-DD), compared as strings.
import { addDays, compareDates, type IsoDate, toDayNumber } from '@patrimonio/engine';
import type { EligiblePortfolio } from './portfolios.ts';

export interface DateBounds {
  min: IsoDate;
  max: IsoDate;
}

export interface DateRange {
  start: IsoDate | null;
  end: IsoDate | null;
}

const earliest = (dates: IsoDate[]): IsoDate => dates.reduce((a, b) => (compareDates(b, a) < 0 ? b : a));

/**
 * The dates the range may take for the selected portfolios. Rules (portal-and-report 5): "The minimum date is one
 * day before the earliest first movement among the selected portfolios"; "The maximum date is the earliest
 * last-quantity-check-ok date". Null when no portfolio is selected, or when min would fall after max (inconsistent
 * dates), since then no range is valid.
 * Worked example: first movements 2024-03-01 and 2023-01-01, last checks 2024-11-22 and 2024-12-31 give
 * { min: '2022-12-31', max: '2024-11-22' }; a first movement on 2024-03-01 alone gives min '2024-02-29'.
 */
export function dateBounds(selected: readonly EligiblePortfolio[]): DateBounds | null {
  if (selected.length === 0) return null;
  const min = addDays(earliest(selected.map((p) => p.firstMovementDate)), -1);
  const max = earliest(selected.map((p) => p.lastQuantityCheckOkDate));
  return min <= max ? { min, max } : null;
}

/**
 * The range the dialog starts with. Rules (portal-and-report 5): "The default start is one day before the first
 * movement, or the day before the start of the end year if the first movement falls on or before that date. The
 * default end is the last-check date." So the end is max, and the start is the later of min and 31 December of the
 * year before the end's year.
 * Worked examples: bounds 2024-10-31..2024-11-22 give 2024-10-31..2024-11-22 (the spec's example); bounds
 * 2019-05-09..2024-11-22 give 2023-12-31..2024-11-22; a first movement on 2023-12-31 (min 2023-12-30) gives start
 * 2023-12-31, on 2024-01-01 (min 2023-12-31) also 2023-12-31, on 2024-01-02 gives 2024-01-01.
 */
export function defaultDateRange(bounds: DateBounds): { start: IsoDate; end: IsoDate } {
  const end = bounds.max;
  const eveOfEndYear = `${String(Number(end.slice(0, 4)) - 1).padStart(4, '0')}-12-31`;
  return { start: bounds.min > eveOfEndYear ? bounds.min : eveOfEndYear, end };
}

export type DateRangeErrorCode =
  | 'required'
  | 'invalid_date'
  | 'before_min'
  | 'after_max'
  | 'start_after_end'
  | 'no_portfolios';

export interface DateRangeError {
  field: 'start' | 'end';
  code: DateRangeErrorCode;
}

const isIsoDate = (d: string): boolean => {
  try {
    toDayNumber(d);
    return true;
  } catch {
    return false;
  }
};

/**
 * The faults of a range, empty when it is valid. Rules (portal-and-report 5): "Start and end are both required";
 * each lies within bounds.min..bounds.max, both included; start <= end (start = end is allowed: a one-day report
 * is the picker's choice, and min..max already limits it). No bounds (no portfolio) is a fault on start.
 * Worked example: bounds 2023-12-31..2024-11-22 and range 2023-12-30..2024-11-23 give before_min on start and
 * after_max on end; 2023-12-31..2024-11-22 gives [].
 */
export function validateDateRange(range: DateRange, bounds: DateBounds | null): DateRangeError[] {
  const errors: DateRangeError[] = [];
  for (const field of ['start', 'end'] as const) {
    const value = range[field];
    if (value === null || value === '') errors.push({ field, code: 'required' });
    else if (!isIsoDate(value)) errors.push({ field, code: 'invalid_date' });
    else if (bounds && value < bounds.min) errors.push({ field, code: 'before_min' });
    else if (bounds && value > bounds.max) errors.push({ field, code: 'after_max' });
  }
  if (errors.length === 0 && range.start !== null && range.end !== null && range.start > range.end)
    errors.push({ field: 'start', code: 'start_after_end' });
  if (bounds === null) errors.push({ field: 'start', code: 'no_portfolios' });
  return errors;
}

/**
 * True when the portfolio has data in the period. The period is (start, end]: start is the opening date (the min is
 * the day before the first movement, so the first movement falls inside). Rule (portal-and-report 5): "A portfolio
 * must overlap the range": its life firstMovementDate..lastQuantityCheckOkDate meets (start, end], that is
 * firstMovementDate <= end and lastQuantityCheckOkDate > start.
 * Worked example, range 2023-12-31..2024-06-30: first movement 2024-06-30 overlaps, 2024-07-01 does not; last check
 * 2024-01-01 overlaps, 2023-12-31 does not.
 */
export function overlapsRange(portfolio: EligiblePortfolio, start: IsoDate, end: IsoDate): boolean {
  return portfolio.firstMovementDate <= end && portfolio.lastQuantityCheckOkDate > start;
}

/** The portfolios that overlap (start, end], in the given order (see overlapsRange). */
export function portfoliosInRange(
  portfolios: readonly EligiblePortfolio[],
  start: IsoDate,
  end: IsoDate,
): EligiblePortfolio[] {
  return portfolios.filter((p) => overlapsRange(p, start, end));
}
