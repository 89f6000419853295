// Pages of this app by route page key (shared-ui routes.ts). Pages still to come use the title placeholder.
// Loading this module (with the entry, when the app first mounts) adds the app's stylesheet to the page.
// Each page is a chunk of its own, loaded when its route is first shown (issue 21): the overview, the first screen
// of every user, then carries only its own code, not the clients' dialogs, the subscription's checkout or the API
// contract that the other pages' forms validate against.

import { type PageProps, Skeleton } from '@patrimonio/shared-ui';
import { type ComponentType, lazy, Suspense } from 'react';
import { injectOverviewStyles } from './styles.ts';

injectOverviewStyles();

/** A page loaded on first use; a skeleton of its title meanwhile. */
function lazyPage(load: () => Promise<ComponentType<PageProps>>): ComponentType<PageProps> {
  const Page = lazy(() => load().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: one component per page, made once when this module loads
  return function LazyPage(props: PageProps) {
    return (
      <Suspense
        fallback={
          <section className="pt-page" aria-busy="true">
            <Skeleton height={32} width="40%" />
          </section>
        }
      >
        <Page {...props} />
      </Suspense>
    );
  };
}

const infos = () => import('./infos/InfosPage.tsx');

export const pages: Record<string, ComponentType<PageProps>> = {
  overview: lazyPage(() => import('./overview/OverviewPage.tsx').then((m) => m.OverviewPage)),
  clients: lazyPage(() => import('./clients/ClientsPage.tsx').then((m) => m.ClientsPage)),
  'client-infos': lazyPage(() => infos().then((m) => m.ClientInfosPage)),
  infos: lazyPage(() => infos().then((m) => m.ProfilePage)),
  profile: lazyPage(() => infos().then((m) => m.ProfilePage)),
  delegates: lazyPage(() => import('./delegates/DelegatesPage.tsx').then((m) => m.DelegatesPage)),
  docs: lazyPage(() => import('./docs/DocsPage.tsx').then((m) => m.DocsPage)),
  support: lazyPage(() => import('./support/SupportPage.tsx').then((m) => m.SupportPage)),
  subscription: lazyPage(() => import('./subscription/SubscriptionPage.tsx').then((m) => m.SubscriptionPage)),
  widgets: lazyPage(() => import('./widgets/WidgetsPage.tsx').then((m) => m.WidgetsPage)),
};
