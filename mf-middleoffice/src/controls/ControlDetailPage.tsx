// A portfolio against the bank (/controls/:clientId/:portfolioId?date=): a date among the bank's (default the
// latest), the check's summary, then (1) the account balances, (2) the quantities per ISIN and account, (3) the
// transactions since the previous check and (4) the price table, each ours against the bank's. Differences beyond the
// tolerance are marked in words and colour. "Accetta differenze" (a note, audited) for who may manage the controls.

import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ControlDetail, Movement } from '@patrimonio/shared-api';
import {
  Button,
  CAUSE_LABELS,
  DataTable,
  EmptyState,
  errorStatus,
  Figure,
  formatDate,
  formatDateTime,
  Link,
  Notice,
  navigate,
  PageHeader,
  type PageProps,
  pollWhileRecalculating,
  QueryState,
  Section,
  Select,
  SUBCAUSE_LABELS,
  type TableColumn,
  useApiQuery,
  useLocation,
  useSession,
} from '@patrimonio/shared-ui';
import { useMemo, useState } from 'react';
import { AcceptDialog } from './AcceptDialog.tsx';
import { BankUploadButtons, BankUploadDialog } from './BankUploadDialog.tsx';
import {
  type BankFile,
  canAccept,
  dateChoices,
  detailPath,
  differenceTone,
  FIGURE_TONES,
  lineOutcome,
  mayManageControls,
  OUTCOME_LABELS,
  OUTCOME_TONES,
  readDetailParams,
  requestedDate,
  STATUS_LABELS,
  STATUS_TONES,
} from './logic.ts';

type Balance = ControlDetail['balances'][number];
type Quantity = ControlDetail['quantities'][number];
type Price = ControlDetail['prices'][number];

export function ControlDetailPage({ match }: PageProps) {
  const ids = readDetailParams(match.params);
  if (!ids) return <NotFound title={match.route.title} />;
  return <Detail clientId={ids.clientId} portfolioId={ids.portfolioId} title={match.route.title} />;
}

function BackLink() {
  return (
    <Link to="/controls" className="pt-btn pt-btn--ghost" data-testid="controls-back">
      <Trans>← Tutti i controlli</Trans>
    </Link>
  );
}

function NotFound({ title }: { title: MessageDescriptor }) {
  return (
    <div className="pt-page" data-testid="control-detail-page">
      <PageHeader title={title} actions={<BackLink />} />
      <EmptyState title={<Trans>Portafoglio non trovato</Trans>} data-testid="control-not-found">
        <p>
          <Trans>Il portafoglio non esiste o non è tra quelli che puoi controllare.</Trans>
        </p>
      </EmptyState>
    </div>
  );
}

function Detail(props: { clientId: number; portfolioId: number; title: MessageDescriptor }) {
  const { user } = useSession();
  const { search } = useLocation();
  const date = requestedDate(search);
  const params = { clientId: props.clientId, portfolioId: props.portfolioId };
  // Who may not manage the controls is told so, without a call (the server would answer 403).
  const allowed = mayManageControls(user);
  const detail = useApiQuery(
    'controlDetail',
    { params, query: date ? { date } : {} },
    // A new date keeps the page in place until its answer comes; a recalculation is polled until done.
    { enabled: allowed, placeholderData: (previous) => previous, refetchInterval: pollWhileRecalculating },
  );
  const [upload, setUpload] = useState<BankFile | null>(null);
  const [accepting, setAccepting] = useState(false);
  const data = detail.data;
  const status = allowed ? errorStatus(detail.error) : 403;

  if (status === 404) return <NotFound title={props.title} />;

  const uploads = <BankUploadButtons onUpload={setUpload} />;

  return (
    <div className="pt-page" data-testid="control-detail-page">
      <PageHeader
        title={props.title}
        subtitle={data ? `${data.client} · ${data.portfolio}` : undefined}
        actions={
          <>
            <BackLink />
            {status === 403 ? null : uploads}
          </>
        }
      />
      <QueryState
        loading={detail.isLoading}
        error={data ? null : status === 403 || detail.error}
        errorText={
          status === 403 ? (
            <Trans>Non hai il permesso di gestire i controlli.</Trans>
          ) : status === 400 && date ? (
            <Trans>Non ci sono dati della banca a questa data.</Trans>
          ) : undefined
        }
        onRetry={status === 403 ? undefined : status === 400 && date ? undefined : () => void detail.refetch()}
      >
        {status === 400 && date ? (
          <p>
            <Link to={detailPath(props.clientId, props.portfolioId)} data-testid="latest-date">
              <Trans>Vai all'ultima data con dati della banca</Trans>
            </Link>
          </p>
        ) : null}
        {data ? (
          data.date === null ? (
            <EmptyState
              title={<Trans>Nessun dato della banca per questo portafoglio</Trans>}
              actions={uploads}
              data-testid="control-no-bank-data"
            >
              <p>
                <Trans>
                  Carica i saldi dei conti correnti e le posizioni dei conti titoli comunicati dalla banca per
                  confrontarli con i nostri.
                </Trans>
              </p>
            </EmptyState>
          ) : (
            <CheckAtDate
              detail={data}
              updating={detail.isPlaceholderData}
              canAccept={canAccept(data, user)}
              onAccept={() => setAccepting(true)}
            />
          )
        ) : null}
      </QueryState>
      <BankUploadDialog file={upload} onClose={() => setUpload(null)} />
      {data?.date ? (
        <AcceptDialog
          open={accepting}
          onClose={() => setAccepting(false)}
          clientId={props.clientId}
          portfolioId={props.portfolioId}
          date={data.date}
          differences={data.differences}
        />
      ) : null}
    </div>
  );
}

/** The check at the date shown: the date chooser, the summary and the four tables. */
function CheckAtDate(p: { detail: ControlDetail; updating: boolean; canAccept: boolean; onAccept: () => void }) {
  const { t, i18n } = useLingui();
  const d = p.detail;
  const latest = d.bankDates[0] ?? null;
  const choices = dateChoices(d.bankDates, d.date);
  const statusText = i18n._(STATUS_LABELS[d.status]);
  const acceptedAt = d.accepted ? formatDateTime(d.accepted.at) : '';
  const acceptedBy = d.accepted?.by ?? t`un utente non più attivo`;
  return (
    <div className="pt-stack" aria-busy={p.updating || undefined}>
      <Section
        title={<Trans>Esito del controllo</Trans>}
        data-testid="control-summary"
        actions={
          p.canAccept ? (
            <Button variant="primary" data-testid="accept-open" onClick={p.onAccept}>
              <Trans>Accetta differenze</Trans>
            </Button>
          ) : null
        }
      >
        <div className="pt-form__row">
          <Select
            label={<Trans>Data del controllo</Trans>}
            name="date"
            data-testid="control-date"
            value={d.date ?? ''}
            options={choices.map((c) => {
              const day = formatDate(c);
              return { value: c, label: c === latest ? t`${day} (ultima)` : day };
            })}
            onChange={(v) => {
              if (v) navigate(detailPath(d.clientId, d.portfolioId, v, latest), { replace: true });
            }}
          />
        </div>
        {d.recalculationInProgress ? (
          <Notice data-testid="control-recalculating">
            <Trans>
              Ricalcolo in corso: i nostri dati potrebbero non essere aggiornati; la pagina si aggiornerà da sola.
            </Trans>
          </Notice>
        ) : null}
        <div className="pt-figures">
          <Figure
            label={<Trans>Stato</Trans>}
            value={statusText}
            tone={FIGURE_TONES[STATUS_TONES[d.status]]}
            data-testid="control-status"
          />
          <Figure
            label={<Trans>Differenze</Trans>}
            value={String(d.differences)}
            tone={d.differences > 0 ? 'down' : 'flat'}
            data-testid="control-differences"
          />
          <Figure
            label={<Trans>Ultimo controllo quantità OK</Trans>}
            value={formatDate(d.lastQuantityCheckOkDate)}
            data-testid="control-last-ok"
          />
          <Figure
            label={<Trans>Controllo precedente</Trans>}
            value={formatDate(d.previousCheckDate)}
            hint={d.previousCheckDate ? undefined : <Trans>Nessuno: è il primo dato della banca</Trans>}
            data-testid="control-previous"
          />
        </div>
        {d.accepted ? (
          <Notice tone="info" data-testid="control-accepted">
            <p>
              <Trans>
                Differenze accettate il {acceptedAt} da {acceptedBy}.
              </Trans>
            </p>
            <p>
              <Trans>Nota:</Trans> {d.accepted.note}
            </p>
          </Notice>
        ) : null}
      </Section>
      <Balances rows={d.balances} />
      <Quantities rows={d.quantities} />
      <Transactions rows={d.transactions} from={d.previousCheckDate} to={d.date} />
      <Prices rows={d.prices} />
    </div>
  );
}

/** The outcome column of balances and quantities: the words, coloured. */
function useOutcomeColumn<T extends { ok: boolean; bank: number | null }>(): TableColumn<T> {
  const { t, i18n } = useLingui();
  return useMemo(
    () => ({
      key: 'outcome',
      title: t`Esito`,
      value: (r: T) => i18n._(OUTCOME_LABELS[lineOutcome(r)]),
      tone: (r: T) => OUTCOME_TONES[lineOutcome(r)],
    }),
    [t, i18n],
  );
}

function Balances({ rows }: { rows: Balance[] }) {
  const { t } = useLingui();
  const outcome = useOutcomeColumn<Balance>();
  const columns = useMemo<TableColumn<Balance>[]>(
    () => [
      { key: 'account', title: t`Conto`, value: (r) => r.accountName },
      { key: 'iban', title: t`IBAN`, value: (r) => r.iban ?? '' },
      { key: 'ours', title: t`Saldo nostro`, type: 'money', currencySymbol: (r) => r.currency, value: (r) => r.ours },
      { key: 'bank', title: t`Saldo banca`, type: 'money', currencySymbol: (r) => r.currency, value: (r) => r.bank },
      {
        key: 'difference',
        title: t`Differenza`,
        type: 'money',
        currencySymbol: (r) => r.currency,
        value: (r) => r.difference,
        tone: differenceTone,
      },
      outcome,
    ],
    [t, outcome],
  );
  return (
    <Section title={<Trans>Saldi dei conti</Trans>} data-testid="control-balances">
      <p className="pt-muted">
        <Trans>Differenze oltre 0,01 nella valuta del conto.</Trans>
      </p>
      <DataTable
        id="controls-balances"
        exportName={t`saldi`}
        label={t`Saldi dei conti: nostri e della banca`}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.accountId}
        emptyText={t`Nessun conto corrente in questo portafoglio.`}
        search={false}
      />
    </Section>
  );
}

function Quantities({ rows }: { rows: Quantity[] }) {
  const { t } = useLingui();
  const outcome = useOutcomeColumn<Quantity>();
  const columns = useMemo<TableColumn<Quantity>[]>(
    () => [
      { key: 'account', title: t`Conto`, value: (r) => r.accountName },
      { key: 'isin', title: t`ISIN`, value: (r) => r.isin },
      { key: 'instrument', title: t`Strumento`, value: (r) => r.instrumentName ?? '' },
      { key: 'ours', title: t`Quantità nostra`, type: 'quantity', value: (r) => r.ours },
      { key: 'bank', title: t`Quantità banca`, type: 'quantity', value: (r) => r.bank },
      { key: 'difference', title: t`Differenza`, type: 'quantity', value: (r) => r.difference, tone: differenceTone },
      outcome,
    ],
    [t, outcome],
  );
  return (
    <Section title={<Trans>Quantità per titolo e conto</Trans>} data-testid="control-quantities">
      <p className="pt-muted">
        <Trans>Differenze oltre 0,001; un titolo che la banca non elenca conta come quantità zero.</Trans>
      </p>
      <DataTable
        id="controls-quantities"
        exportName={t`quantita`}
        label={t`Quantità per titolo e conto: nostre e della banca`}
        columns={columns}
        rows={rows}
        rowKey={(r) => `${r.accountId}-${r.isin}`}
        emptyText={t`Nessuna posizione in titoli.`}
      />
    </Section>
  );
}

function Transactions({ rows, from, to }: { rows: Movement[]; from: string | null; to: string | null }) {
  const { t, i18n } = useLingui();
  const columns = useMemo<TableColumn<Movement>[]>(
    () => [
      { key: 'dateTime', title: t`Data`, type: 'dateTime', value: (r) => r.dateTime },
      { key: 'account', title: t`Conto`, value: (r) => r.accountName },
      {
        key: 'cause',
        title: t`Causale`,
        value: (r) => {
          const label = CAUSE_LABELS[r.cause];
          const cause = label ? i18n._(label) : r.cause;
          const fee = SUBCAUSE_LABELS[r.subcause ?? 'Altro'];
          return r.cause === 'FEE' && fee ? `${cause} · ${i18n._(fee)}` : cause;
        },
      },
      { key: 'isin', title: t`ISIN`, value: (r) => r.isin ?? '' },
      { key: 'instrument', title: t`Strumento`, value: (r) => r.instrumentName ?? '' },
      { key: 'quantity', title: t`Quantità`, type: 'quantity', value: (r) => r.quantity },
      { key: 'price', title: t`Prezzo`, type: 'price', value: (r) => r.price },
      {
        key: 'amount',
        title: t`Importo`,
        type: 'money',
        currencySymbol: (r) => r.currencySymbol,
        value: (r) => r.amount,
      },
    ],
    [t, i18n],
  );
  const toText = formatDate(to);
  const fromText = formatDate(from);
  return (
    <Section title={<Trans>Movimenti dal controllo precedente</Trans>} data-testid="control-transactions">
      <p className="pt-muted">
        {from ? (
          <Trans>
            I movimenti approvati dopo il {fromText} fino al {toText}: spiegano una differenza comparsa da allora.
          </Trans>
        ) : (
          <Trans>I movimenti approvati fino al {toText} (non c'è un controllo precedente).</Trans>
        )}
      </p>
      <DataTable
        id="controls-transactions"
        exportName={t`movimenti-controllo`}
        label={t`Movimenti dal controllo precedente`}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        emptyText={t`Nessun movimento in questo periodo.`}
        defaultSort={{ key: 'dateTime', direction: 'asc' }}
      />
    </Section>
  );
}

function Prices({ rows }: { rows: Price[] }) {
  const { t } = useLingui();
  const columns = useMemo<TableColumn<Price>[]>(
    () => [
      { key: 'account', title: t`Conto`, value: (r) => r.accountName },
      { key: 'isin', title: t`ISIN`, value: (r) => r.isin },
      { key: 'instrument', title: t`Strumento`, value: (r) => r.instrumentName ?? '' },
      { key: 'currency', title: t`Valuta`, value: (r) => r.currency },
      { key: 'ourPrice', title: t`Prezzo nostro`, type: 'price', value: (r) => r.ourPrice },
      { key: 'ourPriceDate', title: t`Data del nostro prezzo`, type: 'date', value: (r) => r.ourPriceDate },
      { key: 'bankPrice', title: t`Prezzo banca`, type: 'price', value: (r) => r.bankPrice },
      // Percent points at full precision; the table rounds them for display only (two decimals).
      { key: 'gap', title: t`Scarto %`, type: 'percent', value: (r) => r.gapPercent },
    ],
    [t],
  );
  return (
    <Section title={<Trans>Prezzi</Trans>} data-testid="control-prices">
      <p className="pt-muted">
        <Trans>
          Il nostro ultimo prezzo noto alla data e quello della banca; lo scarto è (nostro − banca) / banca.
        </Trans>
      </p>
      <DataTable
        id="controls-prices"
        exportName={t`prezzi`}
        label={t`Prezzi: nostri e della banca`}
        columns={columns}
        rows={rows}
        rowKey={(r) => `${r.accountId}-${r.isin}`}
        emptyText={t`Nessun prezzo della banca a questa data.`}
      />
    </Section>
  );
}
