// Shaping report answers for display, pure: the triplaA rule of spec data-and-admin section 4 (during a
// recalculation null lists become empty and NaN values 0), the macro asset class order, the composition slices and
// the period's headline returns.

import type { PerformanceReport } from '@patrimonio/shared-api';
// The macro asset class order is shared with the report (shared-ui).
import { byMacroOrder, formatPercent, type Locale, signAsShown } from '@patrimonio/shared-ui';

export { byMacroOrder, MACRO_ORDER } from '@patrimonio/shared-ui';

/** A number that may be NaN, null or missing: 0 then. */
export const finite = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

type Row = Record<string, unknown>;

/** Every list field of the answer: [] when null; every NaN number inside: 0. Other fields as they are. */
export function normaliseTriplaA<T extends Row>(data: T, listKeys: readonly (keyof T)[]): T {
  const fixRow = (r: unknown): unknown => {
    if (!r || typeof r !== 'object' || Array.isArray(r)) return r;
    return Object.fromEntries(
      Object.entries(r as Row).map(([k, v]) => [
        k,
        typeof v === 'number' && Number.isNaN(v) ? 0 : Array.isArray(v) ? v.map(fixRow) : v,
      ]),
    );
  };
  const out: Row = { ...data };
  for (const key of listKeys) {
    const v = data[key];
    out[key as string] = Array.isArray(v) ? v.map(fixRow) : [];
  }
  return out as T;
}

export interface Slice {
  key: string;
  value: number;
}

/**
 * The composition of a synthetic report for the donut: securities by macro asset class, then cash. Empty slices
 * are left out; the values are the report's money figures.
 */
export function compositionSlices(s: {
  macroAssetClassComposition: ReadonlyArray<{ macroAssetClassName: string; stockValue: number }>;
  reportSinteticoTotalComposition: ReadonlyArray<{ cashValue: number }>;
}): Slice[] {
  const slices = byMacroOrder(s.macroAssetClassComposition, (m) => m.macroAssetClassName).map((m) => ({
    key: m.macroAssetClassName,
    value: finite(m.stockValue),
  }));
  slices.push({ key: 'cash', value: finite(s.reportSinteticoTotalComposition[0]?.cashValue) });
  return slices.filter((x) => x.value > 0);
}

/** The waterfall's opening value: shared with the widget data API. */
export { waterfallStart } from '@patrimonio/shared-api';

/**
 * Green for a gain, red for a loss, nothing for no figure or one that shows as zero with 2 decimals (a return of
 * 1e-7 shows as '0,00%' and is not green).
 */
export const signOf = (v: number | null | undefined): 'up' | 'down' | 'flat' => {
  const sign = signAsShown(v, 2);
  return sign > 0 ? 'up' : sign < 0 ? 'down' : 'flat';
};

export type PeriodReturnKey = 'twr' | 'mwr' | 'mwrAnnualised' | 'twrAnnualised';

/**
 * The period's headline returns in the order shown: TWR, MWR, the annualised MWR beside it, the annualised TWR;
 * each as shown (2 decimals) and coloured by what is shown.
 */
export function periodReturns(
  p: Pick<PerformanceReport, 'result' | 'resultMW' | 'resultMWAnnualised' | 'resultAnnualised'> | undefined,
  locale?: Locale,
): Array<{ key: PeriodReturnKey; value: number | null; text: string; tone: 'up' | 'down' | 'flat' }> {
  const figures: Array<[PeriodReturnKey, number | null | undefined]> = [
    ['twr', p?.result],
    ['mwr', p?.resultMW],
    ['mwrAnnualised', p?.resultMWAnnualised],
    ['twrAnnualised', p?.resultAnnualised],
  ];
  return figures.map(([key, v]) => ({ key, value: v ?? null, text: formatPercent(v, locale), tone: signOf(v) }));
}
