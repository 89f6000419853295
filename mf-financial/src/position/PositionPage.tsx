// Position (spec: /position, /client/{id}/position, /family/{familyId}/position): the totals, the composition
// donut, the split by macro and asset class, a single client's goals (PositionGoals), the accounts and
// intermediaries, and the securities held, for the selected portfolio or the aggregate at the end of the range. Polls
// every 15 s while figures are recalculated.
import { Trans, useLingui } from '@lingui/react/macro';
import {
  assetClassLabel,
  Button,
  codeLabel,
  DataTable,
  Figure,
  formatDate,
  formatMoney,
  formatPercent,
  Link,
  PageHeader,
  type PageProps,
  PortfolioDonut,
  pollWhileRecalculating,
  QueryState,
  ScrollArea,
  Section,
  type TableColumn,
  useApiQuery,
  useSession,
} from '@patrimonio/shared-ui';
import { useState } from 'react';
import { canProposeMovement, canWriteFinancial } from '../common/access.ts';
import { ACCOUNT_TYPE_LABELS, MACRO_LABELS } from '../common/labels.ts';
import { LegacyFinancialsLink, RecalculationNotice } from '../common/ui.tsx';
import { ContextBar } from '../context/ContextBar.tsx';
import { useFinancialContext } from '../context/useFinancialContext.ts';
import { AccountDialog } from '../dialogs/AccountDialog.tsx';
import { MovementDialog } from '../dialogs/MovementDialog.tsx';
import { MovementUploadDialog } from '../dialogs/MovementUploadDialog.tsx';
import { PortfolioDialog } from '../dialogs/PortfolioDialog.tsx';
import { byMacroOrder, compositionSlices, finite, normaliseTriplaA } from '../logic/reports.ts';
import { withTab } from '../logic/tabs.ts';
import { PositionGoals } from './PositionGoals.tsx';

const TRIPLA_A_LISTS = [
  'totalComposition',
  'macroAssetClassComposition',
  'assetClassComposition',
  'stockComposition',
  'cashComposition',
] as const;

export function PositionPage({ match }: PageProps) {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  const ctx = useFinancialContext(match);
  const { scope, state, currencySymbol: symbol } = ctx;
  const family = scope.isFamily;
  const [dialog, setDialog] = useState<'portfolio' | 'account' | 'upload' | 'movement' | null>(null);

  const sintetico = useApiQuery(
    'reportSintetico',
    { params: { ptf: ctx.ptf }, query: { ...scope.query, date: state.to } },
    { refetchInterval: pollWhileRecalculating },
  );
  const triplaA = useApiQuery(
    'reportTriplaA',
    { params: { ptf: ctx.ptf }, query: { ...scope.query, dateFrom: state.from, dateTo: state.to } },
    { refetchInterval: pollWhileRecalculating, select: (d) => normaliseTriplaA(d, TRIPLA_A_LISTS) },
  );
  const s = sintetico.data;
  const totals = s?.reportSinteticoTotalComposition[0];
  const recalculating = Boolean(s?.recalculationInProgress || triplaA.data?.recalculationInProgress);

  type AccountRow = NonNullable<typeof s>['accountComposition'][number];
  type IntermediaryRow = NonNullable<typeof s>['intermediaryComposition'][number];
  type StockRow = NonNullable<typeof triplaA.data>['stockComposition'][number];
  type ValueRow = { stockValue: number; cashValue: number; controvalore: number; percentage: number };

  const owner = <T extends { owner: string }>(): TableColumn<T>[] =>
    family ? [{ key: 'owner', title: t`Intestatario`, value: (r) => r.owner }] : [];
  /** The value columns of an account or intermediary row: securities, cash, their total and its weight. */
  const values = <T extends ValueRow>(): TableColumn<T>[] => [
    { key: 'stockValue', title: t`Titoli`, type: 'money', value: (r) => r.stockValue, currencySymbol: symbol },
    { key: 'cashValue', title: t`Liquidità`, type: 'money', value: (r) => r.cashValue, currencySymbol: symbol },
    {
      key: 'controvalore',
      title: t`Controvalore`,
      type: 'money',
      value: (r) => r.controvalore,
      currencySymbol: symbol,
    },
    { key: 'percentage', title: t`Peso`, type: 'percent', value: (r) => r.percentage, total: true },
  ];
  const accountColumns: TableColumn<AccountRow>[] = [
    { key: 'accountName', title: t`Conto`, value: (r) => r.accountName },
    {
      key: 'accountType',
      title: t`Tipo`,
      value: (r) => codeLabel(i18n, ACCOUNT_TYPE_LABELS, r.accountType),
    },
    ...owner<AccountRow>(),
    ...values<AccountRow>(),
  ];
  const intermediaryColumns: TableColumn<IntermediaryRow>[] = [
    { key: 'intermediaryName', title: t`Intermediario`, value: (r) => r.intermediaryName },
    ...owner<IntermediaryRow>(),
    ...values<IntermediaryRow>(),
  ];
  const stockColumns: TableColumn<StockRow>[] = [
    { key: 'name', title: t`Titolo`, value: (r) => r.description },
    { key: 'isin', title: t`ISIN`, value: (r) => r.isin },
    { key: 'quantity', title: t`Quantità`, type: 'quantity', value: (r) => finite(r.quantity) },
    { key: 'pzMkt', title: t`Prezzo di mercato`, type: 'price', value: (r) => finite(r.pzMkt) },
    { key: 'pmc', title: t`Prezzo medio di carico`, type: 'price', value: (r) => finite(r.pmc) },
    { key: 'cMkt', title: t`Controvalore`, type: 'money', value: (r) => finite(r.cMkt), currencySymbol: symbol },
    { key: 'cg', title: t`Plus/minusvalenza`, type: 'money', value: (r) => finite(r.cg), currencySymbol: symbol },
    {
      key: 'percent',
      title: t`Peso`,
      type: 'percent',
      value: (r) => finite(r.compositionPercentage),
      total: true,
    },
    { key: 'currency', title: t`Valuta`, value: (r) => r.currency, hiddenByDefault: true },
    { key: 'ac', title: t`Asset class`, value: (r) => assetClassLabel(i18n, r.ac), hiddenByDefault: true },
  ];

  const slices = s
    ? compositionSlices(s).map((x) => ({ label: codeLabel(i18n, MACRO_LABELS, x.key), value: x.value }))
    : [];
  const macro = s ? byMacroOrder(s.macroAssetClassComposition, (m) => m.macroAssetClassName) : [];
  const writer = canWriteFinancial(user?.role);
  // A BASIC client adds its own movements here (pending until the adviser approves them).
  const clientEntry = canProposeMovement(user?.role);
  const asOf = formatDate(s?.date ?? state.to);
  const tablesError = t`Impossibile caricare i dati. Riprova tra qualche istante.`;

  return (
    <div className="pt-page" data-testid="position-page">
      <PageHeader
        title={match.route.title}
        actions={
          <>
            <LegacyFinancialsLink scope={scope} />
            {clientEntry ? (
              <Button variant="primary" data-testid="add-movement" onClick={() => setDialog('movement')}>
                <Trans>Nuovo movimento</Trans>
              </Button>
            ) : null}
            {writer ? (
              <>
                <Button data-testid="add-portfolio" onClick={() => setDialog('portfolio')}>
                  <Trans>Nuovo portafoglio</Trans>
                </Button>
                <Button data-testid="add-account" onClick={() => setDialog('account')}>
                  <Trans>Nuovo conto</Trans>
                </Button>
                <Button variant="primary" data-testid="upload-movements" onClick={() => setDialog('upload')}>
                  <Trans>Importa movimenti</Trans>
                </Button>
              </>
            ) : null}
          </>
        }
      />
      <ContextBar ctx={ctx} />
      <RecalculationNotice active={recalculating} />
      <QueryState loading={sintetico.isLoading} error={sintetico.error}>
        <div className="pt-figures">
          <Figure
            label={<Trans>Controvalore</Trans>}
            value={formatMoney(totals?.controvalore ?? 0, symbol)}
            data-testid="position-controvalore"
            hint={<Trans>al {asOf}</Trans>}
          />
          <Figure
            label={<Trans>Titoli</Trans>}
            value={formatMoney(totals?.stocksValue ?? 0, symbol)}
            data-testid="position-stocks"
          />
          <Figure
            label={<Trans>Liquidità</Trans>}
            value={formatMoney(totals?.cashValue ?? 0, symbol)}
            data-testid="position-cash"
          />
        </div>
        <div className="pt-grid">
          <Section title={<Trans>Composizione</Trans>}>
            {slices.length ? (
              <PortfolioDonut
                slices={slices}
                label={t`Composizione del portafoglio`}
                totalLabel={t`Controvalore`}
                currencySymbol={symbol}
              />
            ) : (
              <p className="pt-muted">
                <Trans>Nessun valore alla data scelta.</Trans>
              </p>
            )}
          </Section>
          <Section title={<Trans>Macro asset class e asset class</Trans>}>
            {macro.length ? (
              <ScrollArea label={t`Ripartizione per macro asset class e asset class`}>
                <table className="pt-plain-table" aria-label={t`Ripartizione per macro asset class e asset class`}>
                  <thead>
                    <tr>
                      <th scope="col">
                        <Trans>Classe</Trans>
                      </th>
                      <th scope="col" className="pt-num">
                        <Trans>Valore</Trans>
                      </th>
                      <th scope="col" className="pt-num">
                        <Trans>Peso</Trans>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {macro.map((m) => [
                      <tr key={m.macroAssetClassName} className="fin-table__group">
                        <th scope="row">{codeLabel(i18n, MACRO_LABELS, m.macroAssetClassName)}</th>
                        <td className="pt-num">{formatMoney(m.stockValue, symbol)}</td>
                        <td className="pt-num">{formatPercent(m.percentage)}</td>
                      </tr>,
                      ...m.assetClassList.map((a) => (
                        <tr key={`${m.macroAssetClassName}/${a.assetClassName}`}>
                          <th scope="row" className="fin-table__sub">
                            {assetClassLabel(i18n, a.assetClassName)}
                          </th>
                          <td className="pt-num">{formatMoney(a.stockValue, symbol)}</td>
                          <td className="pt-num">{formatPercent(a.percentage)}</td>
                        </tr>
                      )),
                    ])}
                  </tbody>
                </table>
              </ScrollArea>
            ) : (
              <p className="pt-muted">
                <Trans>Nessun titolo in portafoglio.</Trans>
              </p>
            )}
          </Section>
        </div>
      </QueryState>
      {family ? null : <PositionGoals scope={scope} />}
      <Section
        title={<Trans>Conti</Trans>}
        actions={(
          [
            ['accounts', t`Gestisci i conti`],
            ['movements', t`Movimenti dei conti`],
          ] as const
        ).map(([tab, text]) => (
          // The accounts and their movements on the financials page (issue 22).
          <Link
            key={tab}
            to={`${scope.basePath}/financials${withTab('', tab)}`}
            className="pt-btn pt-btn--ghost"
            data-testid={`position-${tab}-link`}
          >
            {text}
          </Link>
        ))}
      >
        <DataTable
          id="position-accounts"
          label={t`Conti`}
          columns={accountColumns}
          rows={s?.accountComposition}
          rowKey={(r) => `${r.accountId}`}
          loading={sintetico.isLoading}
          error={sintetico.error ? tablesError : null}
          emptyText={t`Nessun conto in questo portafoglio.`}
          defaultSort={{ key: 'controvalore', direction: 'desc' }}
          totals
        />
      </Section>
      <Section title={<Trans>Intermediari</Trans>}>
        <DataTable
          id="position-intermediaries"
          label={t`Intermediari`}
          columns={intermediaryColumns}
          rows={s?.intermediaryComposition}
          rowKey={(r) => `${r.intermediaryName}/${r.owner}`}
          loading={sintetico.isLoading}
          error={sintetico.error ? tablesError : null}
          emptyText={t`Nessun intermediario.`}
          defaultSort={{ key: 'controvalore', direction: 'desc' }}
          totals
        />
      </Section>
      <Section title={<Trans>Titoli</Trans>}>
        <DataTable
          id="position-stocks"
          label={t`Titoli in portafoglio`}
          columns={stockColumns}
          rows={triplaA.data?.stockComposition}
          rowKey={(r) => `${r.isin}/${r.description}`}
          loading={triplaA.isLoading}
          error={triplaA.error ? tablesError : null}
          emptyText={t`Nessun titolo in portafoglio.`}
          defaultSort={{ key: 'cMkt', direction: 'desc' }}
          totals
        />
      </Section>
      {writer ? (
        <>
          <PortfolioDialog
            open={dialog === 'portfolio'}
            onClose={() => setDialog(null)}
            scope={scope}
            onSaved={(id) => ctx.setPortfolio(id)}
          />
          <AccountDialog
            open={dialog === 'account'}
            onClose={() => setDialog(null)}
            scope={scope}
            portfolios={ctx.items
              .filter((i) => !i.aggregate && i.id !== null)
              .map((i) => ({ id: i.id!, name: i.name, ownerId: i.ownerId }))}
            defaultPortfolioIds={typeof state.ptf === 'number' ? [state.ptf] : []}
          />
          <MovementUploadDialog open={dialog === 'upload'} onClose={() => setDialog(null)} scope={scope} />
        </>
      ) : null}
      {clientEntry ? (
        <MovementDialog open={dialog === 'movement'} onClose={() => setDialog(null)} scope={scope} clientEntry />
      ) : null}
    </div>
  );
}
