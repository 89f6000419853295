// 02 Financial (portal-and-report 2 "Report pages", 3 "Financial report data per portfolio", 9): the pages of
// data.plan in order: the portfolio comparison (performance chart and table), then per portfolio its summary,
// intermediaries and accounts, stocks detail and fees (the plan decides which; synthetic reports stop at the
// summary). Each portfolio's answers are in data.portfolios; an answer that failed (undefined) leaves its part
// with a muted line, and a portfolio without answers draws no page.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ResponseOf } from '@patrimonio/shared-api';
import { byMacroOrder, FEE_SUBCAUSE_LABELS, feeTableModel, MACRO_LABELS } from '@patrimonio/shared-ui';
import { feeQuarters, type ReportPage } from '../../logic/plan.ts';
import { addSectionPage, CONTENT_TOP, INK, PAGE, type PageHeaderOptions } from '../../pdf/document.ts';
import { money, performanceColor, performancePercent, price, quantity } from '../../pdf/format.ts';
import { type ReportColumn, reportTable } from '../../pdf/table.ts';
import { donutOptions, drawChart, reportPieColor, valuesAtDates } from '../charts/common.ts';
import { comparisonColors, comparisonOptions, valuePerformanceOptions } from '../charts/financial.ts';
import type { PortfolioReportData, SectionContext, SectionDrawer } from '../types.ts';
import { COMPARISON_CHART, HALF, LEFT, RIGHT, SUMMARY_CHART } from './layout.ts';
import {
  BLOCK_GAP,
  CONTENT_WIDTH,
  drawCaption,
  drawFigure,
  drawLegend,
  drawMutedLine,
  drawPeriodTable,
  drawUnavailable,
  periodDates,
  sharesOf,
} from './page-parts.ts';

type Sintetico = ResponseOf<'reportSintetico'>;
type TriplaA = ResponseOf<'reportTriplaA'>;
type StockItem = TriplaA['stockComposition'][number];
type CashItem = TriplaA['cashComposition'][number];
type AccountItem = Sintetico['accountComposition'][number];
type IntermediaryItem = Sintetico['intermediaryComposition'][number];

// The macro classes' names are shared with the portal and the widgets (shared-ui format/codes.ts).
export { MACRO_LABELS };

export const ACCOUNT_TYPE_LABELS: Record<AccountItem['accountType'], MessageDescriptor> = {
  CONTO_CORRENTE: msg`Conto corrente`,
  CUSTODIA_TITOLI: msg`Custodia titoli`,
};

const LABELS = {
  comparison: msg`Confronto dei portafogli`,
  portfolio: msg`Portafoglio`,
  owner: msg`Intestatario`,
  value: msg`Controvalore`,
  twr: msg`Rendimento TWR`,
  mwr: msg`Rendimento MWR`,
  stocks: msg`Titoli`,
  cash: msg`Liquidità`,
  composition: msg`Composizione per macro asset class`,
  valuePerformance: msg`Valore e rendimento`,
  valueSeries: msg`Valore`,
  performanceSeries: msg`TWR cumulato`,
  date: msg`Data`,
  var: msg`VaR a 1 giorno`,
  intermediaries: msg`Intermediari`,
  intermediary: msg`Intermediario`,
  accounts: msg`Conti`,
  account: msg`Conto`,
  type: msg`Tipo`,
  weight: msg`Peso`,
  total: msg`Totale`,
  stock: msg`Titolo`,
  isin: msg`ISIN`,
  quantity: msg`Quantità`,
  pmc: msg`Prezzo medio di carico`,
  pzMkt: msg`Prezzo di mercato`,
  gain: msg`Plus/minusvalenza`,
  unclassified: msg`Non classificato`,
  fees: msg`Commissioni per trimestre`,
  subcause: msg`Causale`,
  accountTotal: msg`Totale conto`,
  feesTotal: msg`Totale commissioni`,
  noFees: msg`Nessuna commissione negli ultimi quattro trimestri.`,
};

/** Below this y a new block starts on a new page (room for a caption, a table head and a few rows). */
const BLOCK_LIMIT = PAGE.height - PAGE.margin - 70;

export const drawFinancial: SectionDrawer = async (ctx) => {
  for (const page of ctx.data.plan.pages) {
    if (page.kind === 'comparison') {
      ctx.checkCancelled();
      await drawComparison(ctx);
      continue;
    }
    const portfolio = portfolioOf(ctx, page);
    if (!portfolio) continue;
    ctx.checkCancelled();
    if (page.kind === 'portfolioSummary') await drawSummary(ctx, portfolio);
    else if (page.kind === 'portfolioAccounts') drawAccounts(ctx, portfolio);
    else if (page.kind === 'portfolioStocks') drawStocks(ctx, portfolio);
    else if (page.kind === 'portfolioFees') drawFees(ctx, portfolio);
  }
};

/** The answers of a portfolio page's portfolio; undefined for other pages and for a portfolio without answers. */
function portfolioOf(ctx: SectionContext, page: ReportPage): PortfolioReportData | undefined {
  if (!('portfolioId' in page)) return undefined;
  return ctx.data.portfolios.find((p) => p.portfolio.id === page.portfolioId);
}

const isFamily = (ctx: SectionContext): boolean => ctx.data.request.scope.kind === 'family';

/** A portfolio page's header title: '02 Finanziario · Portafoglio Azioni'. */
export const portfolioTitle = (ctx: SectionContext, portfolio: PortfolioReportData): string =>
  `${ctx.title} · ${portfolio.portfolio.name}`;

/** The owner column, in family reports only (the members' items carry their owner). */
function ownerColumn<Row>(ctx: SectionContext, owner: (row: Row) => string): ReportColumn<Row>[] {
  return isFamily(ctx) ? [{ header: ctx.i18n._(LABELS.owner), text: owner }] : [];
}

const sum = (values: readonly number[]): number => values.reduce((total, v) => total + (Number(v) || 0), 0);
const cents = (v: number): number => Math.round(v * 100) / 100;

/** A new page of the same header when fewer than a few rows fit below y; the y to draw at. */
function roomFor(ctx: SectionContext, header: PageHeaderOptions, y: number): number {
  return y > BLOCK_LIMIT ? addSectionPage(ctx.doc, header).y : y;
}

// --- Comparison -------------------------------------------------------------------------------------------------

async function drawComparison(ctx: SectionContext): Promise<void> {
  const { doc, i18n, locale, data } = ctx;
  const header = ctx.header(ctx.title);
  addSectionPage(doc, header);
  const portfolios = data.plan.portfolios
    .map((p) => data.portfolios.find((d) => d.portfolio.id === p.id))
    .filter((p): p is PortfolioReportData => p !== undefined);
  const colors = comparisonColors(portfolios.map((p) => ({ aggregate: p.portfolio.aggregate })));

  drawCaption(doc, i18n._(LABELS.comparison), LEFT, COMPARISON_CHART.y - 8);
  // A portfolio whose performance failed has no line but keeps its colour, so the table stays the chart's legend.
  const lines = portfolios.flatMap((p, i) =>
    p.performance
      ? [
          {
            name: p.portfolio.name,
            color: colors[i]!,
            points: p.performance.data.map((d) => ({ date: d.date, value: d.triplaA })),
          },
        ]
      : [],
  );
  if (lines.length > 0) {
    const range = { from: data.request.from, to: data.request.to };
    await drawChart(ctx, comparisonOptions(lines, range, locale), COMPARISON_CHART);
  } else drawUnavailable(ctx, LEFT, COMPARISON_CHART.y + 12);

  const rows = portfolios.map((p, i) => ({ p, color: colors[i]! }));
  type Row = (typeof rows)[number];
  const columns: ReportColumn<Row>[] = [
    { header: i18n._(LABELS.portfolio), text: (r) => r.p.portfolio.name, color: (r) => r.color },
    ...ownerColumn<Row>(ctx, (r) => r.p.portfolio.owner),
    {
      header: i18n._(LABELS.value),
      text: (r) => money(r.p.sintetico?.reportSinteticoTotalComposition[0]?.controvalore, locale),
      align: 'right',
    },
    performanceColumn<Row>(ctx, i18n._(LABELS.twr), (r) => r.p.performance?.result),
    performanceColumn<Row>(ctx, i18n._(LABELS.mwr), (r) => r.p.performance?.resultMW),
  ];
  reportTable(doc, {
    columns,
    rows,
    startY: COMPARISON_CHART.y + COMPARISON_CHART.height + BLOCK_GAP,
    header,
  });
}

/** A performance column: percent with 2 decimals, green above zero and red below (spec 9). */
function performanceColumn<Row>(
  ctx: SectionContext,
  header: string,
  value: (row: Row) => number | null | undefined,
): ReportColumn<Row> {
  return {
    header,
    text: (row) => performancePercent(value(row), ctx.locale),
    align: 'right',
    color: (row) => performanceColor(value(row)),
  };
}

// --- Summary ----------------------------------------------------------------------------------------------------

const FIGURE_SLOT = CONTENT_WIDTH / 6;
const SUMMARY_DONUT = { x: LEFT, y: CONTENT_TOP + 82, width: 170, height: 150 };
const SUMMARY_LEGEND = { x: LEFT + 180, y: CONTENT_TOP + 100, width: HALF - 180 };
const SUMMARY_TABLE_Y = SUMMARY_CHART.y + SUMMARY_CHART.height + BLOCK_GAP;

/**
 * The donut's slices: the securities by macro asset class in the order Equity, Alternative, Bond (others after),
 * then cash; empty slices left out. Worked example: Bond 300, Equity 500, cash 200 gives Equity 500, Bond 300,
 * cash 200.
 */
export function macroSlices(sintetico: Sintetico): { key: string; value: number }[] {
  const slices = byMacroOrder(sintetico.macroAssetClassComposition, (m) => m.macroAssetClassName).map((m) => ({
    key: m.macroAssetClassName as string,
    value: Number(m.stockValue) || 0,
  }));
  slices.push({ key: 'cash', value: Number(sintetico.reportSinteticoTotalComposition[0]?.cashValue) || 0 });
  return slices.filter((s) => s.value > 0);
}

const macroName = (ctx: SectionContext, key: string): string => {
  if (key === 'cash') return ctx.i18n._(LABELS.cash);
  const label = MACRO_LABELS[key];
  return label ? ctx.i18n._(label) : key;
};

async function drawSummary(ctx: SectionContext, p: PortfolioReportData): Promise<void> {
  const { doc, i18n, locale, data } = ctx;
  const header = ctx.header(portfolioTitle(ctx, p));
  addSectionPage(doc, header);
  const figureY = CONTENT_TOP + 12;
  const slot = (i: number) => LEFT + i * FIGURE_SLOT;

  // Figures: the synthetic report's totals, the period's performance, the VaR.
  const totals = p.sintetico?.reportSinteticoTotalComposition[0];
  if (p.sintetico) {
    drawFigure(doc, { label: i18n._(LABELS.stocks), value: money(totals?.stocksValue, locale) }, slot(0), figureY);
    drawFigure(doc, { label: i18n._(LABELS.cash), value: money(totals?.cashValue, locale) }, slot(1), figureY);
    drawFigure(doc, { label: i18n._(LABELS.value), value: money(totals?.controvalore, locale) }, slot(2), figureY);
  } else drawUnavailable(ctx, slot(0), figureY + 16);
  if (p.performance) {
    const { result, resultMW } = p.performance;
    const twr = {
      label: i18n._(LABELS.twr),
      value: performancePercent(result, locale),
      color: performanceColor(result),
    };
    const mwr = {
      label: i18n._(LABELS.mwr),
      value: performancePercent(resultMW, locale),
      color: performanceColor(resultMW),
    };
    drawFigure(doc, twr, slot(3), figureY);
    drawFigure(doc, mwr, slot(4), figureY);
  } else drawUnavailable(ctx, slot(3), figureY + 16);
  if (p.var) {
    const level = p.var.confidence[0];
    const label = level
      ? `${i18n._(LABELS.var)} (${performancePercent(level.level * 100, locale)})`
      : i18n._(LABELS.var);
    drawFigure(doc, { label, value: money(level?.oneDay, locale) }, slot(5), figureY);
  }

  // Composition by macro asset class.
  drawCaption(doc, i18n._(LABELS.composition), LEFT, SUMMARY_DONUT.y - 8);
  if (p.sintetico) {
    const slices = macroSlices(p.sintetico).map((s) => ({ label: macroName(ctx, s.key), value: s.value }));
    const shares = sharesOf(slices.map((s) => s.value));
    drawLegend(
      doc,
      slices.map((s, i) => ({
        color: reportPieColor(i),
        label: s.label,
        value: money(s.value, locale),
        percent: performancePercent(shares[i], locale),
      })),
      SUMMARY_LEGEND.x,
      SUMMARY_LEGEND.y,
      SUMMARY_LEGEND.width,
    );
    if (slices.length > 0) await drawChart(ctx, donutOptions(slices), SUMMARY_DONUT);
  } else drawUnavailable(ctx, LEFT, SUMMARY_DONUT.y + 12);

  // Value and performance over the period, and their table at the display columns.
  drawCaption(doc, i18n._(LABELS.valuePerformance), RIGHT, SUMMARY_CHART.y - 8);
  if (!p.performance) {
    drawUnavailable(ctx, RIGHT, SUMMARY_CHART.y + 12);
    return;
  }
  const points = p.performance.data;
  const names = { value: i18n._(LABELS.valueSeries), performance: i18n._(LABELS.performanceSeries) };
  const range = { from: data.request.from, to: data.request.to };
  await drawChart(ctx, valuePerformanceOptions(names, points, range, locale), SUMMARY_CHART);
  const dates = periodDates(ctx);
  drawPeriodTable(
    ctx,
    i18n._(LABELS.date),
    [
      { label: names.value, values: valuesAtDates(points, dates, (d) => d.total), kind: 'money' },
      { label: names.performance, values: valuesAtDates(points, dates, (d) => d.triplaA), kind: 'performance' },
    ],
    dates,
    SUMMARY_TABLE_Y,
    header,
  );
}

// --- Intermediaries and accounts ---------------------------------------------------------------------------------

/** Money columns shared by the intermediaries and accounts tables, with their totals. */
function valueColumns<Row extends { stockValue: number; cashValue: number; controvalore: number; percentage: number }>(
  ctx: SectionContext,
): ReportColumn<Row>[] {
  const { i18n, locale } = ctx;
  return [
    { header: i18n._(LABELS.stocks), text: (r) => money(r.stockValue, locale), align: 'right' },
    { header: i18n._(LABELS.cash), text: (r) => money(r.cashValue, locale), align: 'right' },
    { header: i18n._(LABELS.value), text: (r) => money(r.controvalore, locale), align: 'right' },
    { header: i18n._(LABELS.weight), text: (r) => performancePercent(r.percentage, locale), align: 'right' },
  ];
}

function valueTotals(
  ctx: SectionContext,
  rows: ReadonlyArray<{ stockValue: number; cashValue: number; controvalore: number; percentage: number }>,
): string[] {
  const { locale } = ctx;
  return [
    money(cents(sum(rows.map((r) => r.stockValue))), locale),
    money(cents(sum(rows.map((r) => r.cashValue))), locale),
    money(cents(sum(rows.map((r) => r.controvalore))), locale),
    performancePercent(cents(sum(rows.map((r) => r.percentage))), locale),
  ];
}

const byValue = <Row extends { controvalore: number }>(rows: readonly Row[]): Row[] =>
  [...rows].sort((a, b) => b.controvalore - a.controvalore);

function drawAccounts(ctx: SectionContext, p: PortfolioReportData): void {
  const { doc, i18n } = ctx;
  const header = ctx.header(portfolioTitle(ctx, p));
  let y = addSectionPage(doc, header).y + 12;
  drawCaption(doc, i18n._(LABELS.intermediaries), LEFT, y);
  if (!p.sintetico) {
    drawUnavailable(ctx, LEFT, y + 18);
    return;
  }
  const family = isFamily(ctx);
  const intermediaryColumns: ReportColumn<IntermediaryItem>[] = [
    { header: i18n._(LABELS.intermediary), text: (r) => r.intermediaryName },
    ...ownerColumn<IntermediaryItem>(ctx, (r) => r.owner),
    ...valueColumns<IntermediaryItem>(ctx),
  ];
  const intermediaries = p.sintetico.intermediaryComposition;
  y = reportTable(doc, {
    columns: intermediaryColumns,
    rows: byValue(intermediaries),
    startY: y + 6,
    header,
    foot: [i18n._(LABELS.total), ...(family ? [''] : []), ...valueTotals(ctx, intermediaries)],
  });

  y = roomFor(ctx, header, y + BLOCK_GAP) + 12;
  drawCaption(doc, i18n._(LABELS.accounts), LEFT, y);
  const accountColumns: ReportColumn<AccountItem>[] = [
    { header: i18n._(LABELS.account), text: (r) => r.accountName },
    { header: i18n._(LABELS.type), text: (r) => i18n._(ACCOUNT_TYPE_LABELS[r.accountType]) },
    ...ownerColumn<AccountItem>(ctx, (r) => r.owner),
    ...valueColumns<AccountItem>(ctx),
  ];
  const accounts = p.sintetico.accountComposition;
  reportTable(doc, {
    columns: accountColumns,
    rows: byValue(accounts),
    startY: y + 6,
    header,
    foot: [i18n._(LABELS.total), '', ...(family ? [''] : []), ...valueTotals(ctx, accounts)],
  });
}

// --- Stocks detail ----------------------------------------------------------------------------------------------

type StockRow = { kind: 'group'; label: string } | { kind: 'stock'; item: StockItem };

/**
 * The stocks grouped by macro asset class in the order Equity, Alternative, Bond (spec 9), each group headed by
 * its name; a stock's macro class is found from its asset class (ac) in the macro classes' asset class lists (or
 * the synthetic report's asset classes); stocks of no known class come last. Within a group, the API's order.
 */
export function stockRows(
  triplaA: TriplaA,
  sintetico: Sintetico | undefined,
  groupLabel: (macro: string | null) => string,
): StockRow[] {
  const macroOfClass = new Map<string, string>();
  for (const a of sintetico?.assetClassComposition ?? []) macroOfClass.set(a.assetClassName, a.macroAssetClassName);
  for (const m of triplaA.macroAssetClassComposition)
    for (const a of m.assetClassList) macroOfClass.set(a.description, m.description);
  const groups = new Map<string | null, StockItem[]>();
  for (const item of triplaA.stockComposition) {
    const macro = macroOfClass.get(item.ac) ?? null;
    groups.set(macro, [...(groups.get(macro) ?? []), item]);
  }
  const ordered = byMacroOrder([...groups.keys()], (k) => k ?? '\uffff');
  return ordered.flatMap((macro): StockRow[] => [
    { kind: 'group', label: groupLabel(macro) },
    ...(groups.get(macro) ?? []).map((item): StockRow => ({ kind: 'stock', item })),
  ]);
}

function drawStocks(ctx: SectionContext, p: PortfolioReportData): void {
  const { doc, i18n, locale } = ctx;
  const header = ctx.header(portfolioTitle(ctx, p));
  let y = addSectionPage(doc, header).y + 12;
  drawCaption(doc, i18n._(LABELS.stocks), LEFT, y);
  if (!p.triplaA) {
    drawUnavailable(ctx, LEFT, y + 18);
    return;
  }
  const rows = stockRows(p.triplaA, p.sintetico, (macro) =>
    macro === null ? i18n._(LABELS.unclassified) : macroName(ctx, macro),
  );
  const stock = (format: (item: StockItem) => string) => (row: StockRow) =>
    row.kind === 'stock' ? format(row.item) : '';
  const columns: ReportColumn<StockRow>[] = [
    {
      header: i18n._(LABELS.stock),
      text: (r) => (r.kind === 'group' ? r.label : r.item.description),
      color: (r) => (r.kind === 'group' ? INK.brand : undefined),
    },
    { header: i18n._(LABELS.isin), text: stock((s) => s.isin) },
    { header: i18n._(LABELS.quantity), text: stock((s) => quantity(s.quantity, locale)), align: 'right' },
    { header: i18n._(LABELS.pmc), text: stock((s) => price(s.pmc, locale)), align: 'right' },
    { header: i18n._(LABELS.pzMkt), text: stock((s) => price(s.pzMkt, locale)), align: 'right' },
    { header: i18n._(LABELS.value), text: stock((s) => money(s.cMkt, locale)), align: 'right' },
    { header: i18n._(LABELS.gain), text: stock((s) => money(s.cg, locale)), align: 'right' },
    {
      header: i18n._(LABELS.twr),
      text: stock((s) => performancePercent(s.totalPerformancePercentageTW, locale)),
      align: 'right',
      color: (r) => (r.kind === 'stock' ? performanceColor(r.item.totalPerformancePercentageTW) : undefined),
    },
  ];
  const items = p.triplaA.stockComposition;
  y = reportTable(doc, {
    columns,
    rows,
    startY: y + 6,
    header,
    foot: [
      i18n._(LABELS.total),
      '',
      '',
      '',
      '',
      money(cents(sum(items.map((s) => s.cMkt))), locale),
      money(cents(sum(items.map((s) => s.cg))), locale),
      '',
    ],
  });

  const cash = p.triplaA.cashComposition;
  if (cash.length === 0) return;
  y = roomFor(ctx, header, y + BLOCK_GAP) + 12;
  drawCaption(doc, i18n._(LABELS.cash), LEFT, y);
  const cashColumns: ReportColumn<CashItem>[] = [
    { header: i18n._(LABELS.account), text: (r) => r.description },
    { header: i18n._(LABELS.value), text: (r) => money(r.totalValue, locale), align: 'right' },
    { header: i18n._(LABELS.weight), text: (r) => performancePercent(r.compositionPercentage, locale), align: 'right' },
  ];
  reportTable(doc, {
    columns: cashColumns,
    rows: cash,
    startY: y + 6,
    header,
    foot: [i18n._(LABELS.total), money(cents(sum(cash.map((c) => c.totalValue))), locale), ''],
  });
}

// --- Fees -------------------------------------------------------------------------------------------------------

interface FeeRow {
  /** The account's name on its first row only. */
  account: string;
  owner: string;
  label: string;
  values: number[];
  total: number;
  subtotal: boolean;
}

/**
 * The fee rows: per account its six subcauses in the order CONTO_CORRENTE, DEPOSITO_TITOLI, NEGOZIAZIONE,
 * GESTIONE, CONSULENZA, Altro (a NULL subcause counts as Altro), then the account's total; values in the 4 quarters
 * of feeQuarters(to), oldest first (spec 9: "Fees are shown for 4 quarters").
 */
export function feeRows(
  ctx: SectionContext,
  fees: ResponseOf<'reportCommissioni'>,
  accountNames: ReadonlyMap<number, string>,
): { quarters: { year: number; quarter: number }[]; rows: FeeRow[]; totals: number[]; total: number } {
  const { i18n } = ctx;
  const quarters = feeQuarters(ctx.data.request.to);
  const model = feeTableModel({ quarters, accountComposition: fees.accountComposition });
  const rows = model.accounts.flatMap((account, i): FeeRow[] => {
    const source = fees.accountComposition[i];
    const named = source ? accountNames.get(source.accountId) : undefined;
    const name = named ? `${account.intermediary} · ${named}` : account.intermediary;
    return [
      ...account.rows.map((r, k) => ({
        account: k === 0 ? name : '',
        owner: k === 0 ? account.user : '',
        label: i18n._(FEE_SUBCAUSE_LABELS[r.subcause]),
        values: r.values,
        total: r.total,
        subtotal: false,
      })),
      {
        account: '',
        owner: '',
        label: i18n._(LABELS.accountTotal),
        values: account.totals,
        total: account.total,
        subtotal: true,
      },
    ];
  });
  return { quarters, rows, totals: model.totals, total: model.total };
}

function drawFees(ctx: SectionContext, p: PortfolioReportData): void {
  const { doc, i18n, locale } = ctx;
  const header = ctx.header(portfolioTitle(ctx, p));
  const y = addSectionPage(doc, header).y + 12;
  drawCaption(doc, i18n._(LABELS.fees), LEFT, y);
  if (!p.fees) {
    drawUnavailable(ctx, LEFT, y + 18);
    return;
  }
  if (p.fees.accountComposition.length === 0) {
    drawMutedLine(doc, i18n._(LABELS.noFees), LEFT, y + 18);
    return;
  }
  const accountNames = new Map((p.sintetico?.accountComposition ?? []).map((a) => [a.accountId, a.accountName]));
  const { quarters, rows, totals, total } = feeRows(ctx, p.fees, accountNames);
  const family = isFamily(ctx);
  const columns: ReportColumn<FeeRow>[] = [
    { header: i18n._(LABELS.account), text: (r) => r.account },
    ...ownerColumn<FeeRow>(ctx, (r) => r.owner),
    { header: i18n._(LABELS.subcause), text: (r) => r.label, color: (r) => (r.subtotal ? INK.brand : undefined) },
    ...quarters.map(
      ({ quarter, year }, i): ReportColumn<FeeRow> => ({
        header: i18n._(msg`T${quarter} ${year}`),
        text: (r) => money(r.values[i], locale),
        align: 'right',
      }),
    ),
    { header: i18n._(LABELS.total), text: (r) => money(r.total, locale), align: 'right' },
  ];
  reportTable(doc, {
    columns,
    rows,
    startY: y + 6,
    header,
    foot: [
      i18n._(LABELS.feesTotal),
      ...(family ? [''] : []),
      '',
      ...totals.map((v) => money(v, locale)),
      money(total, locale),
    ],
  });
}
