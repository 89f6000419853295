// Pages of this app by route page key (shared-ui routes.ts). Loading this module injects the pages' stylesheet.
import type { PageProps } from '@patrimonio/shared-ui';
import type { ComponentType } from 'react';
import { FinancialsPage } from './financials/FinancialsPage.tsx';
import { PerformancePage } from './performance/PerformancePage.tsx';
import { PositionPage } from './position/PositionPage.tsx';
import { StocksPage } from './stocks/StocksPage.tsx';
import { injectFinancialStyles } from './styles.ts';

injectFinancialStyles();

export const pages: Record<string, ComponentType<PageProps>> = {
  financials: FinancialsPage,
  position: PositionPage,
  performance: PerformancePage,
  stocks: StocksPage,
};
