// The columns of the report's period tables (portal-and-report 4, "Report display interval by period length").
import { addDays, endOfMonth, type IsoDate, quarterEnd, quarterOf } from '@patrimonio/engine';

/** At most this many columns in each granularity (portal-and-report 4). */
export const MAX_DISPLAY_COLUMNS = 12;

export type DisplayGranularity = 'month' | 'quarter' | 'year';

export interface DisplayInterval {
  granularity: DisplayGranularity;
  /** The column dates, oldest first: each period's last day, the last one clamped to the range end. */
  dates: IsoDate[];
  /** True when years were more than 12 and only the last 12 are kept. */
  truncated: boolean;
}

/** The period ends of each calendar period meeting (start, end], the last one replaced by end itself. */
function periodEnds(start: IsoDate, end: IsoDate, periodEndOf: (d: IsoDate) => IsoDate): IsoDate[] {
  const dates: IsoDate[] = [];
  // The first period is the one holding the day after start.
  for (let current = periodEndOf(addDays(start, 1)); current < end; current = periodEndOf(addDays(current, 1)))
    dates.push(current);
  dates.push(end);
  return dates;
}

const quarterEndOf = (d: IsoDate): IsoDate => {
  const { year, quarter } = quarterOf(d);
  return quarterEnd(year, quarter);
};
const yearEndOf = (d: IsoDate): IsoDate => `${d.slice(0, 4)}-12-31`;

/**
 * The columns for the period (start, end]. Rule (portal-and-report 4): "Up to 12 months: monthly columns (month-end
 * dates). Otherwise quarters, if there are at most 12. Otherwise years, if at most 12." A column stands for a
 * calendar month, quarter or year that has at least one day in (start, end]; its date is that period's last day,
 * except the last column, which is end (no data exists after it). Beyond 12 years, the last 12 years are kept
 * (truncated: true): the most recent figures are the ones the report is about. Empty when end <= start.
 * Worked examples: 2023-12-31..2024-12-31 is 12 months (2024-01-31 ... 2024-12-31); 2023-12-30..2024-12-31 meets
 * December 2023 too, 13 months, so 5 quarters 2023-12-31, 2024-03-31, ..., 2024-12-31; 2024-10-31..2024-11-22
 * gives the single column 2024-11-22.
 */
export function displayInterval(start: IsoDate, end: IsoDate): DisplayInterval {
  if (end <= start) return { granularity: 'month', dates: [], truncated: false };
  const months = periodEnds(start, end, endOfMonth);
  if (months.length <= MAX_DISPLAY_COLUMNS) return { granularity: 'month', dates: months, truncated: false };
  const quarters = periodEnds(start, end, quarterEndOf);
  if (quarters.length <= MAX_DISPLAY_COLUMNS) return { granularity: 'quarter', dates: quarters, truncated: false };
  const years = periodEnds(start, end, yearEndOf);
  return {
    granularity: 'year',
    dates: years.slice(-MAX_DISPLAY_COLUMNS),
    truncated: years.length > MAX_DISPLAY_COLUMNS,
  };
}
