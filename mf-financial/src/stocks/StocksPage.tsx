// Stocks (spec: /stocks, PRO, DELEGATE, ADMIN, BACK_OFFICE): every instrument (GET /stock, size 100000, name asc)
// in a virtualised table; a row opens its last 5 prices in a side panel, demo prices labelled as such, with a notice
// and the date ranges of each source when the series mixes demo and uploaded prices (GET /stock/{id}). ADMIN and
// BACK_OFFICE also add and edit instruments and import prices and FX rates (rejected rows listed).
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { PriceSources, Stock } from '@patrimonio/shared-api';
import {
  assetClassLabel,
  Button,
  codeLabel,
  DataTable,
  FileUploadDialog,
  formatDate,
  formatPrice,
  PageHeader,
  type PageProps,
  queryClient,
  type TableAction,
  type TableColumn,
  useApiQuery,
  useSession,
} from '@patrimonio/shared-ui';
import { useState } from 'react';
import { canEditInstruments } from '../common/access.ts';
import { MACRO_LABELS, TOASTS } from '../common/labels.ts';
import { StockDialog } from './StockDialog.tsx';

export const STOCKS_PAGE_SIZE = 100000;

export function StocksPage({ match }: PageProps) {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  const editor = canEditInstruments(user?.role);
  const stocks = useApiQuery('listStocks', { query: { size: STOCKS_PAGE_SIZE, sort: 'name,asc' } });
  const [open, setOpen] = useState<Stock | null>(null);
  const [editing, setEditing] = useState<Stock | 'new' | null>(null);
  const [upload, setUpload] = useState<'prices' | 'fx' | null>(null);
  const sourceLabel = (s: string | null) => (s === 'demo' ? t`Demo` : s === 'upload' ? t`Caricato` : '');

  const columns: TableColumn<Stock>[] = [
    { key: 'name', title: t`Nome`, value: (r) => r.name },
    { key: 'isin', title: t`ISIN`, value: (r) => r.isin },
    { key: 'currency', title: t`Valuta`, value: (r) => r.currency },
    { key: 'assetClass', title: t`Asset class`, value: (r) => assetClassLabel(i18n, r.assetClass) },
    {
      key: 'macroAssetClass',
      title: t`Macro asset class`,
      value: (r) => codeLabel(i18n, MACRO_LABELS, r.macroAssetClass),
    },
    { key: 'lastPrice', title: t`Ultimo prezzo`, type: 'price', value: (r) => r.lastPrice },
    { key: 'lastPriceDate', title: t`Data del prezzo`, type: 'date', value: (r) => r.lastPriceDate },
    { key: 'source', title: t`Fonte del prezzo`, value: (r) => sourceLabel(r.lastPriceSource) },
    { key: 'maturityDate', title: t`Scadenza`, type: 'date', value: (r) => r.maturityDate, hiddenByDefault: true },
  ];
  const actions: TableAction<Stock>[] = [
    { id: 'prices', label: t`Storico prezzi`, icon: 'open', onClick: setOpen },
    ...(editor
      ? [{ id: 'edit', label: t`Modifica`, icon: 'edit' as const, onClick: (r: Stock) => setEditing(r) }]
      : []),
  ];
  const count = stocks.data?.item.length ?? 0;

  return (
    <div className="pt-page" data-testid="stocks-page">
      <PageHeader
        title={match.route.title}
        actions={
          editor ? (
            <>
              <Button onClick={() => setUpload('prices')}>
                <Trans>Importa prezzi</Trans>
              </Button>
              <Button onClick={() => setUpload('fx')}>
                <Trans>Importa cambi</Trans>
              </Button>
              <Button variant="primary" data-testid="add-stock" onClick={() => setEditing('new')}>
                <Trans>Nuovo strumento</Trans>
              </Button>
            </>
          ) : null
        }
      />
      <p className="pt-muted" data-testid="stocks-count" data-count={count}>
        <Plural value={count} one="# strumento" other="# strumenti" />
      </p>
      <div className={open ? 'pt-with-panel' : undefined}>
        <DataTable
          id="stocks"
          exportName={t`strumenti`}
          label={t`Strumenti finanziari`}
          columns={columns}
          rows={stocks.data?.item}
          rowKey={(r) => r.id}
          loading={stocks.isLoading}
          error={stocks.error ? t`Impossibile caricare i dati. Riprova tra qualche istante.` : null}
          emptyText={t`Nessuno strumento.`}
          actions={actions}
          onRowClick={setOpen}
          defaultSort={{ key: 'name', direction: 'asc' }}
          defaultPageSize={STOCKS_PAGE_SIZE}
          height={560}
        />
        {open ? <PricePanel stock={open} onClose={() => setOpen(null)} /> : null}
      </div>
      {editor ? (
        <>
          <StockDialog
            open={editing !== null}
            stock={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
          />
          <FileUploadDialog
            open={upload === 'prices'}
            onClose={() => setUpload(null)}
            title={<Trans>Importa prezzi</Trans>}
            route="uploadPrices"
            fields={{}}
            success={TOASTS.pricesImported}
            onSuccess={() =>
              void Promise.all(
                ['listStocks', 'stockPrices', 'getStock'].map((n) => queryClient.invalidateQueries({ queryKey: [n] })),
              )
            }
            help={
              <p>
                <Trans>
                  Colonne isin, date, price e currency (facoltativa): un prezzo di chiusura per strumento e giorno; le
                  obbligazioni ogni 100 di nominale.
                </Trans>
              </p>
            }
            data-testid="price-upload-dialog"
          />
          <FileUploadDialog
            open={upload === 'fx'}
            onClose={() => setUpload(null)}
            title={<Trans>Importa cambi</Trans>}
            route="uploadFxRates"
            fields={{}}
            success={TOASTS.ratesImported}
            onSuccess={() => void queryClient.invalidateQueries()}
            help={
              <p>
                <Trans>
                  Colonne currency, date e rate: unità della valuta per un euro (ad esempio USD;02/01/2024;1,0956).
                </Trans>
              </p>
            }
            data-testid="fx-upload-dialog"
          />
        </>
      ) : null}
    </div>
  );
}

/** When the series holds demo and uploaded prices: a notice with the date ranges of each source, oldest first. */
function MixedSources({ sources }: { sources: PriceSources }) {
  const { t } = useLingui();
  if (!sources.mixed) return null;
  return (
    <div className="pt-notice pt-notice--warning" role="note" data-testid="price-sources-mixed">
      <p>
        <Trans>Questa serie di prezzi unisce prezzi dimostrativi e prezzi caricati.</Trans>
      </p>
      <ul className="fin-small">
        {sources.ranges.map((r) => {
          const from = formatDate(r.from);
          const to = formatDate(r.to);
          const count = r.count;
          return (
            <li key={`${r.source}-${r.from}`} data-source={r.source}>
              {r.source === 'demo'
                ? t`Dimostrativi: dal ${from} al ${to} (${count})`
                : t`Caricati: dal ${from} al ${to} (${count})`}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The last 5 prices of an instrument, newest first; demo prices are labelled. */
function PricePanel({ stock, onClose }: { stock: Stock; onClose: () => void }) {
  const { t } = useLingui();
  const prices = useApiQuery('stockPrices', { params: { id: stock.id }, query: { size: 5 } });
  const detail = useApiQuery('getStock', { params: { id: stock.id } });
  return (
    <aside className="pt-panel" aria-label={t`Storico prezzi di ${stock.name}`} data-testid="price-panel">
      <div className="pt-panel__head">
        <h2 className="pt-section__title">{stock.name}</h2>
        <Button variant="ghost" onClick={onClose}>
          <Trans>Chiudi</Trans>
        </Button>
      </div>
      <p className="pt-muted">
        {stock.isin} · {stock.currency}
      </p>
      {detail.data ? <MixedSources sources={detail.data.priceSources} /> : null}
      {prices.isLoading ? (
        <p className="pt-muted" aria-busy="true">
          <Trans>Caricamento…</Trans>
        </p>
      ) : (prices.data?.item ?? []).length === 0 ? (
        <p className="pt-muted">
          <Trans>Nessun prezzo.</Trans>
        </p>
      ) : (
        <table className="pt-plain-table" aria-label={t`Ultimi prezzi`}>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Data</Trans>
              </th>
              <th scope="col" className="pt-num">
                <Trans>Prezzo</Trans>
              </th>
              <th scope="col">
                <Trans>Fonte</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {(prices.data?.item ?? []).map((p) => (
              <tr key={p.date}>
                <td>{formatDate(p.date)}</td>
                <td className="pt-num">
                  {formatPrice(p.price)} {p.currency}
                </td>
                <td>
                  {p.source === 'demo' ? (
                    <span
                      className="fin-tag fin-tag--demo"
                      title={t`Prezzo generato per la demo, non una quotazione reale`}
                    >
                      <Trans>Demo</Trans>
                    </span>
                  ) : (
                    <Trans>Caricato</Trans>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {(prices.data?.item ?? []).some((p) => p.source === 'demo') ? (
        <p className="pt-muted fin-small">
          <Trans>I prezzi «Demo» sono generati per i dati dimostrativi e non sono quotazioni reali.</Trans>
        </p>
      ) : null}
    </aside>
  );
}
