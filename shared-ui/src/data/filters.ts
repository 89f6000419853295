// A paged list's filters (issue 19: documents, support tickets): the filters' values and the page, where changing a
// filter goes back to page 1 (the page shown may not exist under the new filters).
import { useCallback, useState } from 'react';

export function usePagedFilters<F extends Record<string, unknown>>(initial: F | (() => F)) {
  const [filters, setFilters] = useState<F>(initial);
  const [page, setPage] = useState(1);
  /** Sets one filter and goes back to page 1. */
  const setFilter = useCallback(<K extends keyof F>(name: K, value: F[K]) => {
    setFilters((before) => ({ ...before, [name]: value }));
    setPage(1);
  }, []);
  return { filters, setFilter, page, setPage };
}
