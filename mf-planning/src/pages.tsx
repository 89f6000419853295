// Pages of this app by route page key (shared-ui routes.ts). Pages still to come use the title placeholder.

import type { PageProps } from '@patrimonio/shared-ui';
import type { ComponentType } from 'react';
import { GoalsPage } from './goals/GoalsPage.tsx';
import { HumanCapitalPage } from './human-capital/HumanCapitalPage.tsx';

export const pages: Record<string, ComponentType<PageProps>> = {
  'human-capital': HumanCapitalPage,
  goals: GoalsPage,
};
