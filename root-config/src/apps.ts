// The micro-frontends and when each is active: the route table names the app of every page; an app mounts
// only once the guards let its page show (signed in, role allowed, selected client loaded).
import { type AppName, sessionStore } from '@patrimonio/shared-ui';
import { type LifeCycles, registerApplication } from 'single-spa';
import { decide } from './shell/guard.ts';
import { evaluateSelection } from './shell/selection.ts';

const PAGE_APPS: AppName[] = [
  'mf-overview',
  'mf-financial',
  'mf-realestate',
  'mf-middleoffice',
  'mf-planning',
  'mf-admin',
];

/** Loads an app through the import map (a plain import() would be resolved by the bundler instead). */
const load = (name: string) => () => import(/* webpackIgnore: true */ `@patrimonio/${name}`) as Promise<LifeCycles>;

function pageShows(location: Location, app: AppName): boolean {
  const session = sessionStore.get();
  const d = decide(location.pathname, session, null);
  if (d.kind !== 'page' || d.match.route.app !== app) return false;
  const verdict = evaluateSelection(d.match, session);
  return verdict === 'ready' || verdict === 'none';
}

/** mf-report (the report dialog) is there while a client or family is shown, for roles that may download. */
function reportAvailable(location: Location): boolean {
  const session = sessionStore.get();
  const role = session.user?.role;
  if (!role || role === 'ADMIN' || role === 'BACK_OFFICE') return false;
  const d = decide(location.pathname, session, null);
  if (d.kind !== 'page') return false;
  if (role === 'BASIC') return true;
  return evaluateSelection(d.match, session) === 'ready';
}

export function registerApps(): void {
  for (const app of PAGE_APPS) {
    registerApplication({ name: `@patrimonio/${app}`, app: load(app), activeWhen: (l) => pageShows(l, app) });
  }
  registerApplication({ name: '@patrimonio/mf-report', app: load('mf-report'), activeWhen: reportAvailable });
}
