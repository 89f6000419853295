// The human-capital tables' common frame: one page of rows asked of the server (5 a page), the shared table with its
// edit action and two-step delete, and the kit's Pager under it; the page falls back to the last one there is when a
// delete empties it.
import { useLingui } from '@lingui/react/macro';
import { HUMAN_CAPITAL_PAGE_SIZE } from '@patrimonio/shared-api/constants';
import { DataTable, Pager, type TableAction, type TableColumn } from '@patrimonio/shared-ui';
import { useEffect, useMemo } from 'react';
import { pageToShow } from './logic.ts';

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

export function PagedTable<T extends { id: number }>(props: {
  id: string;
  label: string;
  columns: ReadonlyArray<TableColumn<T>>;
  rows: ReadonlyArray<T> | undefined;
  total: number;
  page: number;
  onPage: (page: number) => void;
  busy: boolean;
  pagerLabel: string;
  'data-testid': string;
  emptyText: string;
  onEdit: (row: T) => void;
  onDelete: (row: T) => void;
}) {
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
