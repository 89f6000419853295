// The financial context of an owner (client, family, or a BASIC user's own data): the portfolio menu, the selected
// portfolio and the date range, read from the URL query, else session storage, else the spec's defaults; written
// back to both. A portfolio that leaves the menu (deleted) resets the context by the spec's rule.
import {
  navigate,
  type OwnerScope,
  ownerScope,
  type RouteMatch,
  useApiQuery,
  useLocation,
} from '@patrimonio/shared-ui';
import { useCallback, useEffect, useMemo } from 'react';
import {
  type FinancialState,
  needsReset,
  type PortfolioRef,
  ptfParam,
  resetToAggregate,
  resolveState,
  selectedItem,
  serializeState,
  storageKey,
  withState,
} from '../logic/context.ts';
import { type DateRange, localToday } from '../logic/dates.ts';

function readStored(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}
function writeStored(key: string, value: string): void {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    // Storage full or disabled: the URL still holds the state.
  }
}

export function useFinancialContext(match: Pick<RouteMatch, 'params'>) {
  const scope: OwnerScope = ownerScope(match);
  const { pathname, search } = useLocation();
  const key = storageKey(scope);
  const today = localToday();
  const state = useMemo(() => resolveState(new URLSearchParams(search), readStored(key), today), [search, key, today]);
  const menu = useApiQuery('portfolioMenu', { query: scope.query });
  const items = menu.data;

  const write = useCallback(
    (next: FinancialState) => {
      writeStored(key, serializeState(next));
      const q = withState(window.location.search, next);
      if (q !== window.location.search) navigate(window.location.pathname + q, { replace: true });
    },
    [key],
  );

  // Keep the URL and the stored record in step with what is shown (the menu's links carry no query).
  useEffect(() => {
    write(state);
  }, [state, write]);

  // The selected portfolio is gone (deleted here or elsewhere): back to the aggregate by the spec's rule.
  const stale = needsReset(items, state.ptf);
  useEffect(() => {
    if (stale && items)
      write(
        resetToAggregate(
          items.find((i) => i.aggregate),
          localToday(),
        ),
      );
  }, [stale, items, write]);

  const item = items ? selectedItem(items, state.ptf) : undefined;
  const aggregate = items?.find((i) => i.aggregate);

  return {
    scope,
    pathname,
    state,
    menu,
    items: items ?? [],
    item,
    /** The path parameter of the report calls. */
    ptf: ptfParam(state.ptf),
    currencySymbol: item?.currencySymbol || '€',
    setPortfolio: (ptf: PortfolioRef) => write({ ...state, ptf }),
    setRange: (range: DateRange) => write({ ...state, ...range }),
    /** After deleting the selected portfolio (spec data-and-admin section 4). */
    resetAfterDeletion: () => write(resetToAggregate(aggregate, localToday())),
  };
}

export type FinancialContext = ReturnType<typeof useFinancialContext>;
