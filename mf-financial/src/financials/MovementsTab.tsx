// Movements of the selected portfolio or of the aggregate (POST /movement/list: 50 a page, dateTime desc, filters
// in the body): add, edit, delete one, delete the selected ones (two-step confirm), import from a file. Each row
// shows its status (pending ones are left out of every figure until approved; rejected ones, with their reason,
// when the status filter asks for them) and its origin. A BASIC client adds movements of its own, which wait for
// the adviser's approval, and neither edits nor deletes.
import type { MessageDescriptor } from '@lingui/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { Movement } from '@patrimonio/shared-api';
import {
  Button,
  DataTable,
  DatePicker,
  labelOptions,
  MOVEMENT_ORIGIN_LABELS,
  MOVEMENT_STATUS_LABELS,
  Notice,
  Select,
  type TableAction,
  type TableColumn,
  TextInput,
  TwoStepButton,
  useApiMutation,
  useApiQuery,
} from '@patrimonio/shared-ui';
import { type FormEvent, useState } from 'react';
import { CAUSE_LABELS, CLIENT_ENTRY_NOTE, SUBCAUSE_LABELS, TOASTS } from '../common/labels.ts';
import { FINANCIAL_DATA_ROUTES } from '../common/routes.ts';
import { ContextBar } from '../context/ContextBar.tsx';
import type { FinancialContext } from '../context/useFinancialContext.ts';
import { MovementDialog } from '../dialogs/MovementDialog.tsx';
import { MovementUploadDialog } from '../dialogs/MovementUploadDialog.tsx';
import {
  EMPTY_FILTERS,
  isIsin,
  MOVEMENTS_PAGE_SIZE,
  type MovementFilters,
  movementListRequest,
  pageCount,
} from '../logic/movements.ts';

export function MovementsTab({
  ctx,
  writer,
  clientEntry = false,
}: {
  ctx: FinancialContext;
  writer: boolean;
  /** A BASIC client: may add its own movements (pending until approved), not edit or delete. */
  clientEntry?: boolean;
}) {
  const { t, i18n } = useLingui();
  const { scope } = ctx;
  const family = scope.isFamily;
  // The page and the selection belong to one portfolio and one set of filters: another starts from page 1.
  const [paging, setPaging] = useState({ key: '', page: 1 });
  const [draft, setDraft] = useState<MovementFilters>(EMPTY_FILTERS);
  const [filters, setFilters] = useState<MovementFilters>(EMPTY_FILTERS);
  const [editing, setEditing] = useState<Movement | 'new' | null>(null);
  const [uploading, setUploading] = useState(false);

  const pagingKey = JSON.stringify([ctx.state.ptf, filters]);
  const page = paging.key === pagingKey ? paging.page : 1;
  const setPage = (next: (p: number) => number) => setPaging({ key: pagingKey, page: next(page) });
  // The selected rows, for the rows shown (another page, portfolio or filter clears it).
  const viewKey = `${pagingKey}/${page}`;
  const [selection, setSelection] = useState<{ key: string; rows: Movement[] }>({ key: '', rows: [] });
  const selected = selection.key === viewKey ? selection.rows : [];
  const setSelected = (rows: Movement[]) => setSelection({ key: viewKey, rows });

  const request = movementListRequest(scope.query, ctx.state.ptf, page, filters);
  const list = useApiQuery('listMovements', request);
  const accounts = useApiQuery('accountMenu', { query: scope.query });
  const total = list.data?.total ?? 0;
  const rows = list.data?.item ?? [];
  const pages = pageCount(total);

  const removeOne = useApiMutation('deleteMovement', {
    success: TOASTS.movementDeleted,
    invalidate: FINANCIAL_DATA_ROUTES,
  });
  const removeMany = useApiMutation('deleteMovements', {
    success: TOASTS.movementsDeleted,
    invalidate: FINANCIAL_DATA_ROUTES,
  });

  const label = (d: MessageDescriptor | undefined, fallback: string) => (d ? i18n._(d) : fallback);
  const columns: TableColumn<Movement>[] = [
    { key: 'dateTime', title: t`Data`, type: 'dateTime', value: (r) => r.dateTime },
    { key: 'cause', title: t`Causale`, value: (r) => label(CAUSE_LABELS[r.cause], r.cause) },
    {
      key: 'subcause',
      title: t`Sottocausale`,
      value: (r) => (r.cause === 'FEE' ? label(SUBCAUSE_LABELS[r.subcause ?? 'Altro'], r.subcause ?? '') : ''),
    },
    { key: 'account', title: t`Conto`, value: (r) => r.accountName },
    ...(family ? [{ key: 'owner', title: t`Intestatario`, value: (r: Movement) => r.owner }] : []),
    { key: 'instrument', title: t`Strumento`, value: (r) => r.instrumentName ?? '' },
    { key: 'isin', title: t`ISIN`, value: (r) => r.isin ?? '' },
    { key: 'quantity', title: t`Quantità`, type: 'quantity', value: (r) => r.quantity },
    { key: 'price', title: t`Prezzo`, type: 'price', value: (r) => r.price },
    {
      key: 'amount',
      title: t`Importo`,
      type: 'money',
      value: (r) => r.amount,
      currencySymbol: (r) => r.currencySymbol,
    },
    { key: 'currency', title: t`Valuta`, value: (r) => r.currency, hiddenByDefault: true },
    { key: 'description', title: t`Descrizione`, value: (r) => r.classification ?? '' },
    { key: 'status', title: t`Stato`, value: (r) => label(MOVEMENT_STATUS_LABELS[r.status], r.status) },
    ...(rows.some((r) => r.status === 'REJECTED')
      ? [{ key: 'rejectReason', title: t`Motivo del rifiuto`, value: (r: Movement) => r.rejectReason ?? '' }]
      : []),
    { key: 'origin', title: t`Origine`, value: (r) => label(MOVEMENT_ORIGIN_LABELS[r.origin], r.origin) },
  ];
  const actions: TableAction<Movement>[] = writer
    ? [
        { id: 'edit', label: t`Modifica`, icon: 'edit', onClick: (r) => setEditing(r) },
        {
          id: 'delete',
          label: t`Elimina`,
          icon: 'delete',
          confirm: true,
          onClick: (r) => removeOne.mutate({ params: { id: r.id } }),
        },
      ]
    : [];

  const applyFilters = (e: FormEvent) => {
    e.preventDefault();
    setFilters(draft);
  };
  const isinInvalid = draft.isin.trim() !== '' && !isIsin(draft.isin);
  const accountOptions = (accounts.data ?? []).map((a) => ({
    value: String(a.id),
    label: family ? `${a.name} · ${a.user}` : a.name,
  }));

  return (
    <div className="fin-movements">
      <ContextBar ctx={ctx} withRange={false} />
      {clientEntry ? <Notice tone="info">{i18n._(CLIENT_ENTRY_NOTE)}</Notice> : null}
      <form className="fin-filters" onSubmit={applyFilters} aria-label={t`Filtri dei movimenti`}>
        <DatePicker
          label={<Trans>Dal</Trans>}
          name="dateFrom"
          quickYears={false}
          value={draft.dateFrom || null}
          onChange={(v) => setDraft((d) => ({ ...d, dateFrom: v ?? '' }))}
        />
        <DatePicker
          label={<Trans>Al</Trans>}
          name="dateTo"
          quickYears={false}
          value={draft.dateTo || null}
          onChange={(v) => setDraft((d) => ({ ...d, dateTo: v ?? '' }))}
        />
        <Select
          label={<Trans>Causale</Trans>}
          name="cause"
          placeholder={t`Tutte`}
          value={draft.cause}
          options={labelOptions(CAUSE_LABELS, (d) => i18n._(d))}
          onChange={(v) => setDraft((d) => ({ ...d, cause: v }))}
        />
        <Select
          label={<Trans>Conto</Trans>}
          name="accountId"
          placeholder={t`Tutti`}
          value={draft.accountId}
          options={accountOptions}
          onChange={(v) => setDraft((d) => ({ ...d, accountId: v }))}
        />
        <TextInput
          label={<Trans>ISIN</Trans>}
          name="isin"
          uppercase
          maxLength={12}
          error={isinInvalid ? t`ISIN non valido` : undefined}
          value={draft.isin}
          onChange={(v) => setDraft((d) => ({ ...d, isin: v }))}
        />
        <Select
          label={<Trans>Stato</Trans>}
          name="status"
          placeholder={t`Tutti`}
          data-testid="filter-status"
          value={draft.status}
          options={labelOptions(MOVEMENT_STATUS_LABELS, (d) => i18n._(d))}
          onChange={(v) => setDraft((d) => ({ ...d, status: v }))}
        />
        <TextInput
          label={<Trans>Testo</Trans>}
          name="text"
          type="search"
          maxLength={200}
          value={draft.text}
          onChange={(v) => setDraft((d) => ({ ...d, text: v }))}
        />
        <div className="fin-filters__buttons">
          <button type="submit" className="pt-btn pt-btn--secondary" data-testid="filters-apply">
            <Trans>Filtra</Trans>
          </button>
          <button
            type="button"
            className="pt-btn pt-btn--ghost"
            onClick={() => {
              setDraft(EMPTY_FILTERS);
              setFilters(EMPTY_FILTERS);
            }}
          >
            <Trans>Azzera</Trans>
          </button>
        </div>
      </form>
      <DataTable
        id="financials-movements"
        exportName={t`movimenti`}
        label={t`Movimenti`}
        columns={columns}
        rows={list.data?.item}
        rowKey={(r) => r.id}
        loading={list.isLoading}
        error={list.error ? t`Impossibile caricare i dati. Riprova tra qualche istante.` : null}
        emptyText={t`Nessun movimento.`}
        actions={actions}
        selectable={writer}
        onSelectionChange={setSelected}
        pageSizes={[MOVEMENTS_PAGE_SIZE]}
        defaultPageSize={MOVEMENTS_PAGE_SIZE}
        search={false}
        toolbar={
          clientEntry ? (
            <Button data-testid="add-movement" onClick={() => setEditing('new')}>
              <Trans>Nuovo movimento</Trans>
            </Button>
          ) : writer ? (
            <>
              <Button data-testid="add-movement" onClick={() => setEditing('new')}>
                <Trans>Nuovo movimento</Trans>
              </Button>
              <Button data-testid="movements-upload" onClick={() => setUploading(true)}>
                <Trans>Importa</Trans>
              </Button>
              <TwoStepButton
                disabled={selected.length === 0 || removeMany.isPending}
                data-testid="delete-selected"
                confirmLabel={<Trans>Conferma eliminazione</Trans>}
                onConfirm={() =>
                  removeMany.mutate({ body: { ids: selected.map((m) => m.id) } }, { onSuccess: () => setSelected([]) })
                }
              >
                <Plural
                  value={selected.length}
                  _0="Elimina selezionati"
                  one="Elimina # selezionato"
                  other="Elimina # selezionati"
                />
              </TwoStepButton>
            </>
          ) : null
        }
      />
      <nav className="fin-pager" aria-label={t`Pagine dei movimenti`} data-testid="movements-pager">
        <Button
          variant="ghost"
          disabled={page <= 1 || list.isFetching}
          onClick={() => setPage((p) => Math.max(1, p - 1))}
        >
          <Trans>Precedente</Trans>
        </Button>
        <span aria-live="polite">
          <Trans>
            Pagina {page} di {pages} · {total} movimenti
          </Trans>
        </span>
        <Button
          variant="ghost"
          disabled={page >= pages || list.isFetching}
          onClick={() => setPage((p) => Math.min(pages, p + 1))}
        >
          <Trans>Successiva</Trans>
        </Button>
      </nav>
      {writer || clientEntry ? (
        <MovementDialog
          open={editing !== null}
          onClose={() => setEditing(null)}
          scope={scope}
          movement={editing === 'new' ? null : editing}
          clientEntry={clientEntry}
        />
      ) : null}
      {writer ? <MovementUploadDialog open={uploading} onClose={() => setUploading(false)} scope={scope} /> : null}
    </div>
  );
}
