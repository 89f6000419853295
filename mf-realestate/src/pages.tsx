// Pages of this app by route page key (shared-ui routes.ts): real estate, family business (shares), art and luxury.
import type { PageProps } from '@patrimonio/shared-ui';
import type { ComponentType } from 'react';
import { assetPages } from './assets/pages.ts';
import { realEstatePages } from './real-estate/pages.ts';

export const pages: Record<string, ComponentType<PageProps>> = {
  ...realEstatePages,
  ...assetPages,
};
