// The pending movements across the caller's clients (GET /movement/temporary/waiting, size 100000) in the shared
// table: search, column filters, sorting, column visibility, XLSX export and row selection. Approve one (row action)
// or the selected ones, edit before approving, reject one or the selected ones with a reason; "last month only".
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { Movement } from '@patrimonio/shared-api';
import {
  Button,
  DataTable,
  errorStatus,
  Notice,
  QueryState,
  type TableAction,
  type TableColumn,
  useApiQuery,
} from '@patrimonio/shared-ui';
import { useMemo, useState } from 'react';
import { movementColumns } from './columns.ts';
import { useDecisions } from './decisions.ts';
import { EditPendingDialog } from './EditPendingDialog.tsx';
import { ageInDays, ageLabel, NO_PERMISSION, pendingRequest, selectedIds } from './logic.ts';
import { RejectDialog } from './RejectDialog.tsx';

export function PendingList() {
  const { t, i18n } = useLingui();
  const [lastMonth, setLastMonth] = useState(false);
  const list = useApiQuery('pendingMovements', pendingRequest(lastMonth));
  const [selected, setSelected] = useState<Movement[]>([]);
  const [editing, setEditing] = useState<Movement | null>(null);
  const [rejecting, setRejecting] = useState<number[] | null>(null);
  // A refusal that names a line (409 oversold) stays on screen until the next decision.
  const [refusal, setRefusal] = useState<string | null>(null);
  const decisions = useDecisions(setRefusal);

  const approve = (ids: number[]) => {
    setRefusal(null);
    return decisions.approve(ids);
  };

  const updatedAt = list.dataUpdatedAt;
  const columns = useMemo<TableColumn<Movement>[]>(() => {
    const now = new Date(updatedAt || Date.now());
    return [
      // The origin in the column menu: with the portfolio's column the row actions still show at 1366 px.
      ...movementColumns(i18n, ['origin']),
      {
        key: 'age',
        title: t`In attesa da`,
        value: (r) => i18n._(ageLabel(ageInDays(r.createdAt, now))),
      },
      { key: 'createdAt', title: t`Arrivato il`, type: 'dateTime', value: (r) => r.createdAt, hiddenByDefault: true },
    ];
  }, [t, i18n, updatedAt]);

  const actions: TableAction<Movement>[] = [
    { id: 'approve', label: t`Approva`, icon: 'approve', onClick: (r) => void approve([r.id]) },
    { id: 'edit', label: t`Modifica prima di approvare`, icon: 'edit', onClick: setEditing },
    { id: 'reject', label: t`Rifiuta`, icon: 'reject', onClick: (r) => setRejecting([r.id]) },
  ];

  if (list.error && errorStatus(list.error) === 403)
    return (
      <Notice tone="error" data-testid="approve-forbidden">
        {i18n._(NO_PERMISSION)}
      </Notice>
    );

  const rows = list.data?.item;
  const count = list.data?.total ?? rows?.length ?? 0;
  const ids = selectedIds(selected);
  const n = ids.length;

  return (
    <div className="mo-approve">
      {refusal ? (
        <Notice tone="error" data-testid="approve-refusal">
          <span>{refusal}</span>{' '}
          <Button variant="ghost" onClick={() => setRefusal(null)}>
            <Trans>Chiudi</Trans>
          </Button>
        </Notice>
      ) : null}
      {rows ? (
        <p className="pt-muted" data-testid="approve-count" data-count={count} aria-live="polite">
          <Plural
            value={count}
            _0="Nessun movimento in attesa"
            one="# movimento in attesa"
            other="# movimenti in attesa"
          />
        </p>
      ) : null}
      <QueryState
        loading={false}
        error={list.error}
        onRetry={() => void list.refetch()}
        errorText={<Trans>Impossibile caricare i movimenti in attesa. Riprova tra qualche istante.</Trans>}
      >
        <DataTable
          id="approve-pending"
          exportName={t`movimenti-in-attesa`}
          label={t`Movimenti in attesa`}
          columns={columns}
          rows={rows}
          rowKey={(r) => r.id}
          loading={list.isLoading}
          emptyText={lastMonth ? t`Nessun movimento in attesa nell'ultimo mese` : t`Nessun movimento in attesa`}
          actions={actions}
          selectable
          onSelectionChange={setSelected}
          defaultSort={{ key: 'dateTime', direction: 'desc' }}
          height={560}
          toolbar={
            <>
              <label className="mo-check">
                <input
                  type="checkbox"
                  checked={lastMonth}
                  onChange={(e) => setLastMonth(e.currentTarget.checked)}
                  data-testid="approve-last-month"
                />
                <Trans>Solo l'ultimo mese</Trans>
              </label>
              <Button
                variant="primary"
                disabled={n === 0 || decisions.busy}
                data-testid="approve-selected"
                onClick={() => void approve(ids)}
              >
                <Plural value={n} _0="Approva selezionati" one="Approva # selezionato" other="Approva # selezionati" />
              </Button>
              <Button
                disabled={n === 0 || decisions.busy}
                data-testid="reject-selected"
                onClick={() => setRejecting(ids)}
              >
                <Plural value={n} _0="Rifiuta selezionati" one="Rifiuta # selezionato" other="Rifiuta # selezionati" />
              </Button>
            </>
          }
        />
      </QueryState>
      <EditPendingDialog movement={editing} onClose={() => setEditing(null)} approve={approve} />
      <RejectDialog
        ids={rejecting}
        onClose={() => setRejecting(null)}
        reject={decisions.reject}
        busy={decisions.busy}
      />
    </div>
  );
}
