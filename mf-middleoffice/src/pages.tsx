// Pages of this app by route page key (shared-ui routes.ts). Pages still to come use the title placeholder.

import type { PageProps } from '@patrimonio/shared-ui';
import type { ComponentType } from 'react';
import { ControlDetailPage } from './controls/ControlDetailPage.tsx';
import { ControlsPage } from './controls/ControlsPage.tsx';

export const pages: Record<string, ComponentType<PageProps>> = {
  controls: ControlsPage,
  'controls-detail': ControlDetailPage,
};
