// The real-estate page (route page key 'real-estate'). Loading this module injects the page's stylesheet.
import type { PageProps } from '@patrimonio/shared-ui';
import type { ComponentType } from 'react';
import { RealEstatePage } from './RealEstatePage.tsx';
import { injectRealEstateStyles } from './styles.ts';

injectRealEstateStyles();

export const realEstatePages: Record<string, ComponentType<PageProps>> = { 'real-estate': RealEstatePage };
