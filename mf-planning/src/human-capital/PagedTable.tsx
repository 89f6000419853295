// The human-capital tables' common frame: one page of rows asked of the server (5 a page), the shared table with its
// edit action and two-step delete, and the kit's Pager under it; the page falls back to the last one there is when a
// delete empties it. PagedList puts it in the answer's loading, error and empty states.
import { useLingui } from '@lingui/react/macro';
import type { RequestOf, RouteName } from '@patrimonio/shared-api';
import { HUMAN_CAPITAL_PAGE_SIZE } from '@patrimonio/shared-api/constants';
import {
  DataTable,
  EmptyState,
  Pager,
  QueryState,
  type TableAction,
  type TableColumn,
  type ToastMessage,
  useApiMutation,
} from '@patrimonio/shared-ui';
import { type Dispatch, type ReactNode, type SetStateAction, useCallback, useEffect, useMemo } from 'react';
import { HUMAN_CAPITAL_ROUTES, pageToShow } from './logic.ts';

/** Keeps the page shown within the answer's total: a delete that empties the last page shows the one before. */
export function useKeepPageInRange(
  answer: { total: number } | undefined,
  settled: boolean,
  setPage: (update: (page: number) => number) => void,
): void {
  useEffect(() => {
    if (answer && settled) setPage((p) => pageToShow(p, answer.total));
  }, [answer, settled, setPage]);
}

/** The delete of a row by its id (`route`, a DELETE /…/:id), with its toast; the human-capital answers asked again. */
export function useDeleteRow<N extends RouteName>(route: N, deleted: ToastMessage): (row: { id: number }) => void {
  const { mutate } = useApiMutation(route, { success: deleted, invalidate: HUMAN_CAPITAL_ROUTES });
  // A DELETE's request is the id alone; TypeScript cannot tell that of a route name it does not know yet.
  return useCallback((r: { id: number }) => mutate({ params: { id: r.id } } as unknown as RequestOf<N>), [mutate]);
}

interface TableProps<T> {
  id: string;
  label: string;
  columns: ReadonlyArray<TableColumn<T>>;
  pagerLabel: string;
  'data-testid': string;
  emptyText: string;
  onEdit: (row: T) => void;
  onDelete: (row: T) => void;
}

/** One page of a human-capital list as the query gives it (placeholderData: the previous page while the next loads). */
interface PageQuery<T> {
  data: { item: T[]; total: number } | undefined;
  isLoading: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/**
 * A page of a list in its states: loading, error (with a retry), none at all (the empty state with the add button and
 * `empty` said), else `children` (above the table) and the table with its pager, the page kept within the total.
 */
export function PagedList<T extends { id: number }>({
  list,
  page,
  onPage,
  add,
  emptyTestId,
  empty,
  children,
  ...table
}: TableProps<T> & {
  list: PageQuery<T>;
  page: number;
  onPage: Dispatch<SetStateAction<number>>;
  add: ReactNode;
  emptyTestId: string;
  empty: ReactNode;
  children?: ReactNode;
}) {
  const total = list.data?.total ?? 0;
  useKeepPageInRange(list.data, !list.isPlaceholderData, onPage);
  return (
    <QueryState
      loading={list.isLoading}
      error={list.error}
      onRetry={() => void list.refetch()}
      isEmpty={total === 0}
      empty={
        <EmptyState actions={add} data-testid={emptyTestId}>
          <p>{empty}</p>
        </EmptyState>
      }
    >
      {children}
      <PagedTable {...table} rows={list.data?.item} total={total} page={page} onPage={onPage} busy={list.isFetching} />
    </QueryState>
  );
}

export function PagedTable<T extends { id: number }>(
  props: TableProps<T> & {
    rows: ReadonlyArray<T> | undefined;
    total: number;
    page: number;
    onPage: (page: number) => void;
    busy: boolean;
  },
) {
  const { t } = useLingui();
  const { onEdit, onDelete } = props;
  const actions = useMemo<TableAction<T>[]>(
    () => [
      { id: 'edit', label: t`Modifica`, icon: 'edit', onClick: onEdit },
      { id: 'delete', label: t`Elimina`, icon: 'delete', confirm: true, onClick: onDelete },
    ],
    [t, onEdit, onDelete],
  );
  return (
    <>
      <DataTable
        id={props.id}
        label={props.label}
        columns={props.columns}
        rows={props.rows}
        rowKey={(r) => r.id}
        actions={actions}
        pageSizes={[HUMAN_CAPITAL_PAGE_SIZE]}
        pager={false}
        search={false}
        exportable={false}
        emptyText={props.emptyText}
      />
      <Pager
        page={props.page}
        size={HUMAN_CAPITAL_PAGE_SIZE}
        total={props.total}
        busy={props.busy}
        onChange={props.onPage}
        label={props.pagerLabel}
        data-testid={props['data-testid']}
      />
    </>
  );
}
