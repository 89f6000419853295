// Pages of this app by route page key (shared-ui routes.ts). Pages still to come use the title placeholder.

import type { PageProps } from '@patrimonio/shared-ui';
import type { ComponentType } from 'react';
import { ApprovePage } from './approve/ApprovePage.tsx';
import { ControlDetailPage } from './controls/ControlDetailPage.tsx';
import { ControlsPage } from './controls/ControlsPage.tsx';

export const pages: Record<string, ComponentType<PageProps>> = {
  approve: ApprovePage,
  controls: ControlsPage,
  'controls-detail': ControlDetailPage,
};
