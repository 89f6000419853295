// Fetches everything a report shows (portal-and-report 7, "The calls it makes"), for the browser and the command
// alike. Rule (portal-and-report 2 and 8): "A failure of a sub-request leaves that part empty rather than failing
// the report": every call but the portfolio menu and the subject goes through `part`, which turns a failure into
// undefined. Cancelling (the signal) is not a failure: it stops the whole report.
// Every call is issued at once (issue 21): startReportData starts them all and gives each part as a promise (the
// portfolios' calls wait only for the menu, which the dialog and the command already have; the share charts wait for
// the share years, whose latest they ask for), so the browser draws each section as its data arrives
// (build-report.ts); loadReportData waits for every part, as the command uses it.
import type { IsoDate } from '@patrimonio/engine';
import {
  type ApiClient,
  createApiClient,
  type PortfolioMenuItem,
  type ReportSection,
  type ResponseOf,
} from '@patrimonio/shared-api';
import {
  type EmptySections,
  emptySections,
  feesDateFrom,
  type ReportPlan,
  reportPlan,
  reportSections,
} from '../logic/plan.ts';
import { type EligiblePortfolio, eligiblePortfolios } from '../logic/portfolios.ts';
import type {
  ArtLuxReportData,
  PortfolioReportData,
  RealEstateReportData,
  ReportData,
  ReportLogo,
  ReportRequest,
  ReportViewer,
  SharesReportData,
} from './types.ts';

/** The plan of a request's report, given its eligible portfolios and, once known, the sections found empty. */
export function requestPlan(
  request: ReportRequest,
  eligible: ReadonlyArray<EligiblePortfolio>,
  empty?: EmptySections,
): ReportPlan {
  return reportPlan({
    type: request.type,
    sections: request.sections,
    portfolioIds: request.portfolioIds,
    isFamily: request.scope.kind === 'family',
    eligible,
    start: request.from,
    end: request.to,
    empty,
  });
}

export interface ApiAccess {
  /** '' in the browser (same origin); the server's URL for the command. */
  baseUrl: string;
  getAccessToken: () => string | null | undefined;
  signal?: AbortSignal;
  fetch?: typeof fetch;
}

/** Real-estate and share lists: page size 1000 (portal-and-report 9); the asset history: 10000. */
const LIST_SIZE = 1000;
const HISTORY_SIZE = 10000;

/** The call's answer, or undefined when it failed; a cancellation is thrown on. */
async function part<T>(signal: AbortSignal | undefined, call: () => Promise<T>): Promise<T | undefined> {
  try {
    return await call();
  } catch (error) {
    if (signal?.aborted) throw error;
    return undefined;
  }
}

/** The scope as the analytics calls take it: clientId or familyId. */
export const scopeQuery = (request: ReportRequest): { clientId: number } | { familyId: number } =>
  request.scope.kind === 'family' ? { familyId: request.scope.id } : { clientId: request.scope.id };

/**
 * The report logo (GET /user/logo-report, binary): the type from the content-disposition filename, default png
 * (portal-and-report 7). 404 means no logo; any failure leaves the logo out.
 */
export async function loadLogo(access: ApiAccess): Promise<ReportLogo | undefined> {
  try {
    const file = await createApiClient(access).download('getReportLogo');
    const extension = /\.(png|jpe?g|svg)$/i.exec(file.fileName ?? '')?.[1]?.toLowerCase() ?? 'png';
    if (extension === 'svg') return { kind: 'svg', markup: new TextDecoder().decode(file.bytes) };
    const mime = extension === 'png' ? 'image/png' : 'image/jpeg';
    return { kind: 'raster', dataUrl: `data:${mime};base64,${toBase64(file.bytes)}` };
  } catch (error) {
    if (access.signal?.aborted) throw error;
    return undefined;
  }
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The client's or family's display name, and its advisor as the server names it for the caller. */
async function subject(api: ApiClient, request: ReportRequest): Promise<{ name: string; advisor: string | null }> {
  if (request.scope.kind === 'family') {
    const family = await api('getFamily', { params: { id: request.scope.id } });
    return { name: family.name, advisor: family.advisorName || null };
  }
  const client = await api('getClient', { params: { id: request.scope.id } });
  // Empty strings count as missing, as null does.
  const name =
    client.name ||
    client.companyName ||
    [client.firstName, client.lastName].filter(Boolean).join(' ') ||
    String(request.scope.id);
  return { name, advisor: client.advisorName || null };
}

/**
 * The report's data while its calls are answering: every call is issued at once when this is made (the portfolios'
 * calls as soon as the menu is known, at once too when it is given), and each part is a promise of its answers, so
 * that the report draws a section as soon as its data is in (build-report.ts) instead of after the last call.
 */
export interface ReportSource {
  request: ReportRequest;
  viewer: ReportViewer;
  /** The cover's name and advisor (drawn last). */
  subject: Promise<{ name: string; advisor: string | null }>;
  logo: Promise<ReportLogo | undefined>;
  /** The eligible portfolios of the menu, in menu order. */
  eligible: Promise<EligiblePortfolio[]>;
  dashboard: Promise<ResponseOf<'dashboard'> | undefined>;
  history: Promise<ResponseOf<'assetsHistoryTotal'> | undefined>;
  portfolios: Promise<PortfolioReportData[]>;
  realEstate: Promise<RealEstateReportData>;
  shares: Promise<SharesReportData>;
  artLux: Promise<ArtLuxReportData>;
}

/** Issues every call of the report at once; see ReportSource. */
export function startReportData(
  access: ApiAccess,
  request: ReportRequest,
  viewer: ReportViewer,
  options: { menu?: readonly PortfolioMenuItem[] } = {},
): ReportSource {
  const { signal } = access;
  const api = createApiClient({ ...access, signal });
  const scope = scopeQuery(request);
  const isFamily = request.scope.kind === 'family';
  const sections = reportSections(request.type, request.sections, isFamily);
  const has = (section: ReportSection) => sections.includes(section);
  const range = { dateFrom: request.from, dateTo: request.to };
  const menu = options.menu ? Promise.resolve(options.menu) : api('portfolioMenu', { query: scope });
  const eligible = menu.then(eligiblePortfolios);
  const source: ReportSource = {
    request,
    viewer,
    subject: subject(api, request),
    logo: request.includeLogo ? loadLogo(access) : Promise.resolve(undefined),
    eligible,
    dashboard:
      has('overview') || has('financial')
        ? part(signal, () =>
            api('dashboard', { params: { id: request.scope.id }, query: { ...scope, date: request.to, iso: 'EUR' } }),
          )
        : Promise.resolve(undefined),
    history: has('overview')
      ? part(signal, () =>
          api('assetsHistoryTotal', { query: { ...scope, ...range, sort: 'date,asc', size: HISTORY_SIZE } }),
        )
      : Promise.resolve(undefined),
    portfolios: eligible.then((list) => loadPortfolios(api, signal, request, scope, list)),
    realEstate: has('realEstate') ? loadRealEstate(api, signal, scope) : Promise.resolve({}),
    shares: has('shares') ? loadShares(api, signal, scope) : Promise.resolve({ graphs: {} }),
    artLux: has('artLux') ? loadArtLux(api, signal, scope) : Promise.resolve({}),
  };
  // A part nobody awaits yet (the report is drawing an earlier section) may fail, e.g. when cancelled: its failure is
  // seen where it is awaited, not reported as unhandled meanwhile.
  for (const pending of Object.values(source)) if (pending instanceof Promise) pending.catch(() => undefined);
  return source;
}

/** Each portfolio of the plan's draft (before knowing which sections are empty): its five calls at once. */
function loadPortfolios(
  api: ApiClient,
  signal: AbortSignal | undefined,
  request: ReportRequest,
  scope: Scope,
  eligible: readonly EligiblePortfolio[],
): Promise<PortfolioReportData[]> {
  const draft = requestPlan(request, eligible);
  const withFees = draft.pages.some((page) => page.kind === 'portfolioFees');
  const range = { dateFrom: request.from, dateTo: request.to };
  return Promise.all(
    draft.portfolios.map(async (portfolio): Promise<PortfolioReportData> => {
      const params = { ptf: String(portfolio.id) };
      const [sintetico, triplaA, performance, fees, portfolioVar] = await Promise.all([
        part(signal, () => api('reportSintetico', { params, query: { ...scope, date: request.to } })),
        part(signal, () => api('reportTriplaA', { params, query: { ...scope, ...range } })),
        part(signal, () => api('reportPerformance', { params, query: { ...scope, ...range, fullData: true } })),
        withFees
          ? part(signal, () =>
              api('reportCommissioni', {
                params,
                query: { ...scope, dateFrom: feesDateFrom(request.to), dateTo: request.to },
              }),
            )
          : undefined,
        part(signal, () => api('portfolioVar', { params, query: { ...scope, date: request.to } })),
      ]);
      return { portfolio, sintetico, triplaA, performance, fees, var: portfolioVar };
    }),
  );
}

/**
 * Whether a section has nothing to show, from its own data alone (see emptySections): the report decides each
 * section as its data arrives.
 */
export const sectionEmptiness = {
  overview: (dashboard: ResponseOf<'dashboard'> | undefined): boolean =>
    emptySections({ ...NOTHING, totalWealth: compositionTotal(dashboard) }).overview === true,
  financial: (portfolios: readonly PortfolioReportData[]): boolean =>
    emptySections({ ...NOTHING, firstPortfolioValue: firstPortfolioValue(portfolios) }).financial === true,
  realEstate: (realEstate: RealEstateReportData): boolean =>
    emptySections({
      ...NOTHING,
      realEstateItems: (realEstate.houses?.item.length ?? 0) + (realEstate.lands?.item.length ?? 0),
    }).realEstate === true,
  shares: (shares: SharesReportData): boolean =>
    emptySections({ ...NOTHING, shareItems: shares.shares?.item.length ?? 0 }).shares === true,
  artLux: (artLux: ArtLuxReportData): boolean =>
    emptySections({ ...NOTHING, artLuxItems: artLux.items?.item.length ?? 0 }).artLux === true,
};

/** Figures of no section: each check above sets only its own. */
const NOTHING = { totalWealth: 0, firstPortfolioValue: null, realEstateItems: 0, shareItems: 0, artLuxItems: 0 };

const compositionTotal = (dashboard: ResponseOf<'dashboard'> | undefined): number =>
  dashboard ? Object.values(dashboard.richComposition).reduce<number>((sum, v) => sum + (Number(v) || 0), 0) : 0;

/** The first portfolio's value; null without portfolios; NaN when its call failed (its pages empty, not left out). */
function firstPortfolioValue(portfolios: readonly PortfolioReportData[]): number | null {
  const first = portfolios[0]?.sintetico?.reportSinteticoTotalComposition[0]?.controvalore;
  return portfolios.length === 0 ? null : first === undefined ? Number.NaN : first;
}

/** The report's data once every call has answered, with the plan's empty sections left out. */
export async function settleReportData(source: ReportSource): Promise<ReportData> {
  const { request } = source;
  const [who, logo, eligible, dashboard, history, portfolios, realEstate, shares, artLux] = await Promise.all([
    source.subject,
    source.logo,
    source.eligible,
    source.dashboard,
    source.history,
    source.portfolios,
    source.realEstate,
    source.shares,
    source.artLux,
  ]);
  const empty: EmptySections = {
    overview: sectionEmptiness.overview(dashboard),
    financial: sectionEmptiness.financial(portfolios),
    realEstate: sectionEmptiness.realEstate(realEstate),
    shares: sectionEmptiness.shares(shares),
    artLux: sectionEmptiness.artLux(artLux),
  };
  const plan = requestPlan(request, eligible, empty);
  return {
    request,
    viewer: source.viewer,
    subjectName: who.name,
    advisor: who.advisor,
    logo,
    eligible,
    plan,
    dashboard,
    history,
    portfolios,
    realEstate,
    shares,
    artLux,
  };
}

/** Loads the data of every page the request may have, then fixes the plan with the empty sections left out. */
export function loadReportData(
  access: ApiAccess,
  request: ReportRequest,
  viewer: ReportViewer,
  options: { menu?: readonly PortfolioMenuItem[] } = {},
): Promise<ReportData> {
  return settleReportData(startReportData(access, request, viewer, options));
}

type Scope = ReturnType<typeof scopeQuery>;

async function loadRealEstate(api: ApiClient, signal: AbortSignal | undefined, scope: Scope) {
  const list = (type: 'house' | 'land') =>
    part(signal, () => api('listRealEstate', { query: { ...scope, type, size: LIST_SIZE } }));
  const [houses, lands, stat, pieDestination, pieTypology] = await Promise.all([
    list('house'),
    list('land'),
    part(signal, () => api('realEstateStat', { query: scope })),
    part(signal, () => api('realEstatePieDestination', { query: scope })),
    part(signal, () => api('realEstatePieTypology', { query: scope })),
  ]);
  return { houses, lands, stat, pieDestination, pieTypology } satisfies RealEstateReportData;
}

async function loadShares(api: ApiClient, signal: AbortSignal | undefined, scope: Scope): Promise<SharesReportData> {
  const [shares, years] = await Promise.all([
    part(signal, () => api('listShares', { query: { ...scope, sort: 'year,desc', size: LIST_SIZE } })),
    part(signal, () => api('shareYears', { query: scope })),
  ]);
  const latest = latestYear(years);
  const graphs: SharesReportData['graphs'] = {};
  if (latest !== undefined) {
    const metrics = ['revenue', 'profit', 'ebitda'] as const;
    const answers = await Promise.all(
      metrics.map((metric) =>
        part(signal, () => api('shareGraph', { params: { metric, year: latest }, query: scope })),
      ),
    );
    metrics.forEach((metric, i) => {
      if (answers[i]) graphs[metric] = answers[i];
    });
  }
  return { shares, years, graphs };
}

/** The latest year of GET /share/year (a list of years, or of objects with a year). */
function latestYear(years: unknown): number | undefined {
  const list = Array.isArray(years) ? years : ((years as { item?: unknown[] } | undefined)?.item ?? []);
  const numbers = list
    .map((y) => (typeof y === 'number' ? y : Number((y as { year?: unknown })?.year)))
    .filter((y) => Number.isInteger(y));
  return numbers.length ? Math.max(...numbers) : undefined;
}

async function loadArtLux(api: ApiClient, signal: AbortSignal | undefined, scope: Scope): Promise<ArtLuxReportData> {
  const [items, stat, pie, column] = await Promise.all([
    part(signal, () => api('listLux', { query: { ...scope, sort: 'evaluation,desc', size: LIST_SIZE } })),
    part(signal, () => api('luxStat', { query: scope })),
    part(signal, () => api('luxPie', { query: scope })),
    part(signal, () => api('luxColumn', { query: scope })),
  ]);
  return { items, stat, pie, column };
}

/** The dates the dashboard call is made at (kept for the tests of the totals). */
export const dashboardDate = (request: ReportRequest): IsoDate => request.to;
