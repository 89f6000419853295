// The family business ('family-business') and art and luxury ('art-luxury') pages. Loading this module injects
// their stylesheet.
import type { PageProps } from '@patrimonio/shared-ui';
import type { ComponentType } from 'react';
import { ArtLuxuryPage } from './lux/ArtLuxuryPage.tsx';
import { FamilyBusinessPage } from './shares/FamilyBusinessPage.tsx';
import { injectAssetStyles } from './styles.ts';

injectAssetStyles();

export const assetPages: Record<string, ComponentType<PageProps>> = {
  'family-business': FamilyBusinessPage,
  'art-luxury': ArtLuxuryPage,
};
