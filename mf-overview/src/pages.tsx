// Pages of this app by route page key (shared-ui routes.ts). Pages still to come use the title placeholder.
// Loading this module (on the first mount) adds the app's stylesheet to the page.

import type { PageProps } from '@patrimonio/shared-ui';
import type { ComponentType } from 'react';
import { ClientsPage } from './clients/ClientsPage.tsx';
import { DelegatesPage } from './delegates/DelegatesPage.tsx';
import { DocsPage } from './docs/DocsPage.tsx';
import { ClientInfosPage, ProfilePage } from './infos/InfosPage.tsx';
import { OverviewPage } from './overview/OverviewPage.tsx';
import { injectOverviewStyles } from './styles.ts';
import { SubscriptionPage } from './subscription/SubscriptionPage.tsx';
import { SupportPage } from './support/SupportPage.tsx';
import { WidgetsPage } from './widgets/WidgetsPage.tsx';

injectOverviewStyles();

export const pages: Record<string, ComponentType<PageProps>> = {
  overview: OverviewPage,
  clients: ClientsPage,
  'client-infos': ClientInfosPage,
  infos: ProfilePage,
  profile: ProfilePage,
  delegates: DelegatesPage,
  docs: DocsPage,
  support: SupportPage,
  subscription: SubscriptionPage,
  widgets: WidgetsPage,
};
