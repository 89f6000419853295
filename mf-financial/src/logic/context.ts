// The financial context shared by position and performance (and the movements of the financials page): the
// selected portfolio (or the aggregate) and the date range, kept per owner in the URL query (ptf, from, to) and
// in session storage, so the menu's plain links come back to the same choice. Pure functions; the hook is in
// context/useFinancialContext.ts.
import { type DateRange, defaultRange, isValidRange, rangeAfterDeletion } from './dates.ts';

export type PortfolioRef = 'aggregate' | number;

export interface FinancialState extends DateRange {
  ptf: PortfolioRef;
}

/** What the context needs of an owner (shared-ui's OwnerScope). */
export type ScopeLike = { kind: 'client'; clientId: number } | { kind: 'family'; familyId: number } | { kind: 'own' };

/** Session-storage key of an owner's context. */
export function storageKey(scope: ScopeLike): string {
  switch (scope.kind) {
    case 'client':
      return `patrimonio.financial.client.${scope.clientId}`;
    case 'family':
      return `patrimonio.financial.family.${scope.familyId}`;
    default:
      return 'patrimonio.financial.own';
  }
}

export function parsePortfolioRef(value: unknown): PortfolioRef | null {
  if (value === 'aggregate') return 'aggregate';
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text === 'string' && /^[1-9]\d{0,15}$/.test(text)) return Number(text);
  return null;
}

/** The stored record, if it is one. */
function parseStored(stored: string | null): Partial<FinancialState> {
  if (!stored) return {};
  try {
    const v = JSON.parse(stored) as Record<string, unknown>;
    return {
      ptf: parsePortfolioRef(v.ptf) ?? undefined,
      from: typeof v.from === 'string' ? v.from : undefined,
      to: typeof v.to === 'string' ? v.to : undefined,
    };
  } catch {
    return {};
  }
}

/**
 * The state to show: the URL query first, then the stored record, then the defaults (the aggregate and the
 * spec's default range). A range is taken whole from one source, and only if valid and not after today.
 */
export function resolveState(search: URLSearchParams, stored: string | null, today: string): FinancialState {
  const saved = parseStored(stored);
  const ptf = parsePortfolioRef(search.get('ptf')) ?? saved.ptf ?? 'aggregate';
  const fromUrl = { from: search.get('from') ?? undefined, to: search.get('to') ?? undefined };
  const usable = (r: Partial<DateRange>): r is DateRange => isValidRange(r) && r.to <= today;
  const range = usable(fromUrl) ? fromUrl : usable(saved) ? { from: saved.from, to: saved.to } : defaultRange(today);
  return { ptf, from: range.from, to: range.to };
}

/** The query string with the state written in (other parameters, e.g. the tab, kept). Starts with '?'. */
export function withState(search: string, state: FinancialState): string {
  const params = new URLSearchParams(search);
  params.set('ptf', String(state.ptf));
  params.set('from', state.from);
  params.set('to', state.to);
  return `?${params.toString()}`;
}

export const serializeState = (state: FinancialState): string => JSON.stringify(state);

/** A portfolio-menu item as the context needs it. */
export interface MenuItemLike {
  id: number | null;
  aggregate: boolean;
  currencySymbol: string;
  firstMovementDate: string | null;
}

/**
 * The reset of spec data-and-admin section 4, after the selected portfolio is deleted (or is no longer in the
 * menu): the aggregate, the currency symbol back to €, the range from the aggregate's first movement date
 * (clamped against the previous year's end) through today.
 */
export function resetToAggregate(
  aggregate: Pick<MenuItemLike, 'firstMovementDate'> | undefined,
  today: string,
): FinancialState & { currencySymbol: string } {
  return { ptf: 'aggregate', ...rangeAfterDeletion(aggregate?.firstMovementDate, today), currencySymbol: '€' };
}

/** The menu item of the state's portfolio; undefined when it is not in the menu. */
export function selectedItem<T extends MenuItemLike>(items: readonly T[], ptf: PortfolioRef): T | undefined {
  return ptf === 'aggregate' ? items.find((i) => i.aggregate) : items.find((i) => !i.aggregate && i.id === ptf);
}

/** Whether the state names a portfolio that a loaded menu does not have (deleted elsewhere, or another owner's). */
export function needsReset(items: readonly MenuItemLike[] | undefined, ptf: PortfolioRef): boolean {
  return ptf !== 'aggregate' && items !== undefined && selectedItem(items, ptf) === undefined;
}

/** The report path parameter: a portfolio id or 'aggregate'. */
export const ptfParam = (ptf: PortfolioRef): string => (ptf === 'aggregate' ? 'aggregate' : String(ptf));
