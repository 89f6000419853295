// Pages of this app by route page key (shared-ui routes.ts). Pages still to come use the title placeholder.

import type { PageProps } from '@patrimonio/shared-ui';
import type { ComponentType } from 'react';
import { FileLogPage } from './activity/FileLogPage.tsx';
import { ImportActivityPage } from './activity/ImportActivityPage.tsx';
import { CounterpartsPage } from './counterparts/CounterpartsPage.tsx';
import { MappingPage } from './mapping/MappingPage.tsx';
import { ServersPage } from './servers/ServersPage.tsx';

export const pages: Record<string, ComponentType<PageProps>> = {
  'caronte-server': ServersPage,
  counterparts: CounterpartsPage,
  'caronte-mapping': MappingPage,
  'import-activity': ImportActivityPage,
  'file-log': FileLogPage,
};
