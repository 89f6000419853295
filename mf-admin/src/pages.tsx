// Pages of this app by route page key (shared-ui routes.ts). Every page of the admin area is here; an unknown key falls back to the title placeholder.

import type { PageProps } from '@patrimonio/shared-ui';
import type { ComponentType } from 'react';
import { FileLogPage } from './activity/FileLogPage.tsx';
import { ImportActivityPage } from './activity/ImportActivityPage.tsx';
import { AuditPage } from './audit/AuditPage.tsx';
import { CounterpartsPage } from './counterparts/CounterpartsPage.tsx';
import { MappingPage } from './mapping/MappingPage.tsx';
import { PanelPage } from './panel/PanelPage.tsx';
import { ServersPage } from './servers/ServersPage.tsx';
import { SubscriptionsPage } from './subscriptions/SubscriptionsPage.tsx';

export const pages: Record<string, ComponentType<PageProps>> = {
  'caronte-panel': PanelPage,
  'caronte-server': ServersPage,
  counterparts: CounterpartsPage,
  'caronte-mapping': MappingPage,
  'import-activity': ImportActivityPage,
  'file-log': FileLogPage,
  'caronte-audit': AuditPage,
  'caronte-subscriptions': SubscriptionsPage,
};
