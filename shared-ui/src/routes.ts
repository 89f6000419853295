// The portal's route table (spec portal-and-report.md section 2), shared by the root config (guards, layout)
// and every micro-frontend (which page to show). One entry per path pattern.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Role } from '@patrimonio/shared-api';

export type AppName = 'mf-overview' | 'mf-financial' | 'mf-realestate' | 'mf-middleoffice' | 'mf-planning' | 'mf-admin';

export interface RouteDef {
  /** Path pattern with :params, e.g. /client/:id/overview */
  path: string;
  /** Stable key of the page, used by the apps and the menu. */
  page: string;
  /** The micro-frontend that renders it; shell routes (public pages, home) have none. */
  app?: AppName;
  /** Roles allowed; undefined means any signed-in user with a role. */
  roles?: readonly Role[];
  /** Public routes use the blank layout and need no sign-in. */
  public?: boolean;
  /** Page name for the title. */
  title: MessageDescriptor;
}

const PRO_DELEGATE = ['PRO', 'DELEGATE'] as const satisfies readonly Role[];
const PRO_DELEGATE_BASIC = ['PRO', 'DELEGATE', 'BASIC'] as const satisfies readonly Role[];
const BASIC = ['BASIC'] as const satisfies readonly Role[];
const STAFF_AND_ADVISERS = ['PRO', 'DELEGATE', 'ADMIN', 'BACK_OFFICE'] as const satisfies readonly Role[];

const T = {
  login: msg`Accesso`,
  tokenError: msg`Errore di autenticazione`,
  registerPro: msg`Registrazione professionista`,
  registerClient: msg`Registrazione cliente`,
  home: msg`Home`,
  infos: msg`Il mio profilo`,
  profile: msg`Profilo`,
  support: msg`Segnala un ticket`,
  overview: msg`Panoramica`,
  financials: msg`Finanziario`,
  position: msg`Posizione`,
  performance: msg`Performance`,
  realEstate: msg`Immobiliare`,
  familyBusiness: msg`Partecipazioni`,
  humanCapital: msg`Capitale umano`,
  artLuxury: msg`Arte e lusso`,
  goals: msg`Obiettivi`,
  clients: msg`Clienti`,
  clientInfos: msg`Anagrafica cliente`,
  subscription: msg`Abbonamento`,
  delegates: msg`Delegati`,
  widgets: msg`Widget per il tuo sito`,
  docs: msg`Documenti`,
  stocks: msg`Titoli`,
  approve: msg`Movimenti in attesa`,
  carontePanel: msg`Dashboard`,
  caronteServer: msg`Server`,
  caronteAudit: msg`Audit`,
  caronteSubscriptions: msg`Abbonamenti`,
  counterparts: msg`Controparti`,
  fileLog: msg`Log dei file`,
  importActivity: msg`Attività di importazione`,
  caronteMapping: msg`Mappatura`,
  controls: msg`Controlli`,
};

/** Sections that exist for BASIC (own data), under /client/:id/ and, except goals, under /family/:familyId/. */
const SECTIONS: { slug: string; page: string; app: AppName; title: MessageDescriptor; family: boolean }[] = [
  { slug: 'overview', page: 'overview', app: 'mf-overview', title: T.overview, family: true },
  { slug: 'financials', page: 'financials', app: 'mf-financial', title: T.financials, family: true },
  { slug: 'real-estate', page: 'real-estate', app: 'mf-realestate', title: T.realEstate, family: true },
  { slug: 'family-business', page: 'family-business', app: 'mf-realestate', title: T.familyBusiness, family: true },
  { slug: 'human-capital', page: 'human-capital', app: 'mf-planning', title: T.humanCapital, family: true },
  { slug: 'art-luxury', page: 'art-luxury', app: 'mf-realestate', title: T.artLuxury, family: true },
  { slug: 'goals', page: 'goals', app: 'mf-planning', title: T.goals, family: false },
];

export const ROUTES: readonly RouteDef[] = [
  // Public, blank layout.
  { path: '/login', page: 'login', public: true, title: T.login },
  { path: '/token-error', page: 'token-error', public: true, title: T.tokenError },
  { path: '/register-pro', page: 'register-pro', public: true, title: T.registerPro },
  { path: '/register-client', page: 'register-client', public: true, title: T.registerClient },
  // Home: sends each role to its landing page.
  { path: '/', page: 'home', title: T.home },
  // All roles.
  { path: '/infos', page: 'infos', app: 'mf-overview', title: T.infos },
  { path: '/profile', page: 'profile', app: 'mf-overview', title: T.profile },
  { path: '/support', page: 'support', app: 'mf-overview', title: T.support },
  // BASIC, own data.
  ...SECTIONS.map((s) => ({ path: `/${s.slug}`, page: s.page, app: s.app, roles: BASIC, title: s.title })),
  { path: '/position', page: 'position', app: 'mf-financial', roles: BASIC, title: T.position },
  { path: '/performance', page: 'performance', app: 'mf-financial', roles: BASIC, title: T.performance },
  // PRO and DELEGATE.
  { path: '/clients', page: 'clients', app: 'mf-overview', roles: PRO_DELEGATE, title: T.clients },
  { path: '/client/:id/infos', page: 'client-infos', app: 'mf-overview', roles: PRO_DELEGATE, title: T.clientInfos },
  ...SECTIONS.map((s) => ({
    path: `/client/:id/${s.slug}`,
    page: s.page,
    app: s.app,
    roles: PRO_DELEGATE,
    title: s.title,
  })),
  ...SECTIONS.filter((s) => s.family).map((s) => ({
    path: `/family/:familyId/${s.slug}`,
    page: s.page,
    app: s.app,
    roles: PRO_DELEGATE,
    title: s.title,
  })),
  // PRO, DELEGATE and BASIC.
  {
    path: '/client/:subscriptionId/subscription',
    page: 'subscription',
    app: 'mf-overview',
    roles: PRO_DELEGATE_BASIC,
    title: T.subscription,
  },
  { path: '/client/:id/position', page: 'position', app: 'mf-financial', roles: PRO_DELEGATE_BASIC, title: T.position },
  {
    path: '/client/:id/performance',
    page: 'performance',
    app: 'mf-financial',
    roles: PRO_DELEGATE_BASIC,
    title: T.performance,
  },
  // The family variants are for PRO and DELEGATE only: a BASIC user has no family (portal-and-report 6, BASIC fetches
  // no family list; the API answers its family reads 404), so it is sent to / like on any route outside its roles.
  {
    path: '/family/:familyId/position',
    page: 'position',
    app: 'mf-financial',
    roles: PRO_DELEGATE,
    title: T.position,
  },
  {
    path: '/family/:familyId/performance',
    page: 'performance',
    app: 'mf-financial',
    roles: PRO_DELEGATE,
    title: T.performance,
  },
  // PRO only.
  { path: '/delegates', page: 'delegates', app: 'mf-overview', roles: ['PRO'], title: T.delegates },
  { path: '/docs', page: 'docs', app: 'mf-overview', roles: ['PRO'], title: T.docs },
  // The widget tokens of a client or family for the adviser's own website (issue 20): the PRO issues them.
  { path: '/client/:id/widgets', page: 'widgets', app: 'mf-overview', roles: ['PRO'], title: T.widgets },
  { path: '/family/:familyId/widgets', page: 'widgets', app: 'mf-overview', roles: ['PRO'], title: T.widgets },
  // Advisers and staff.
  { path: '/stocks', page: 'stocks', app: 'mf-financial', roles: STAFF_AND_ADVISERS, title: T.stocks },
  { path: '/approve', page: 'approve', app: 'mf-middleoffice', roles: STAFF_AND_ADVISERS, title: T.approve },
  { path: '/controls', page: 'controls', app: 'mf-middleoffice', roles: STAFF_AND_ADVISERS, title: T.controls },
  {
    path: '/controls/:clientId/:portfolioId',
    page: 'controls-detail',
    app: 'mf-middleoffice',
    roles: STAFF_AND_ADVISERS,
    title: T.controls,
  },
  // ADMIN.
  { path: '/caronte-panel', page: 'caronte-panel', app: 'mf-admin', roles: ['ADMIN'], title: T.carontePanel },
  { path: '/caronte-server', page: 'caronte-server', app: 'mf-admin', roles: ['ADMIN'], title: T.caronteServer },
  { path: '/caronte-audit', page: 'caronte-audit', app: 'mf-admin', roles: ['ADMIN'], title: T.caronteAudit },
  {
    path: '/caronte-subscriptions',
    page: 'caronte-subscriptions',
    app: 'mf-admin',
    roles: ['ADMIN'],
    title: T.caronteSubscriptions,
  },
  // ADMIN and BACK_OFFICE.
  {
    path: '/counterparts',
    page: 'counterparts',
    app: 'mf-admin',
    roles: ['ADMIN', 'BACK_OFFICE'],
    title: T.counterparts,
  },
  { path: '/file-log', page: 'file-log', app: 'mf-admin', roles: ['ADMIN', 'BACK_OFFICE'], title: T.fileLog },
  {
    path: '/import-activity',
    page: 'import-activity',
    app: 'mf-admin',
    roles: ['ADMIN', 'BACK_OFFICE'],
    title: T.importActivity,
  },
  {
    path: '/caronte-mapping',
    page: 'caronte-mapping',
    app: 'mf-admin',
    roles: ['ADMIN', 'BACK_OFFICE'],
    title: T.caronteMapping,
  },
];

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
}

function compile(path: string): RegExp {
  const pattern = path.replace(/\/:(\w+)/g, '/(?<$1>[^/]+)');
  return new RegExp(`^${pattern}/?$`);
}
const compiled = ROUTES.map((route) => ({ route, re: compile(route.path) }));

/** The route for a pathname, or null (the 404 page). */
export function matchRoute(pathname: string): RouteMatch | null {
  for (const { route, re } of compiled) {
    const m = re.exec(pathname);
    if (m) return { route, params: { ...(m.groups ?? {}) } };
  }
  return null;
}

/** Landing page per role (spec: Root and landing). */
export function homeFor(role: Role | null | undefined): string {
  switch (role) {
    case 'ADMIN':
      return '/caronte-panel';
    case 'BACK_OFFICE':
      return '/approve';
    case 'PRO':
    case 'DELEGATE':
      return '/clients';
    case 'BASIC':
      return '/overview';
    default:
      return '/login';
  }
}

export function isAllowed(route: RouteDef, role: Role | null | undefined): boolean {
  if (route.public) return true;
  if (!role) return false;
  return !route.roles || route.roles.includes(role);
}

/** The client or family a route selects, for non-BASIC users (protected-route behaviour). */
export function selectionFromParams(
  params: Record<string, string>,
): { kind: 'client' | 'family'; id: number; subscription: boolean } | null {
  const raw = params.id ?? params.subscriptionId ?? params.familyId;
  if (raw === undefined) return null;
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0)
    return { kind: params.familyId ? 'family' : 'client', id: Number.NaN, subscription: false };
  return { kind: params.familyId ? 'family' : 'client', id, subscription: params.subscriptionId !== undefined };
}
