// Portfolio menu items for the logic tests.
import type { PortfolioMenuItem } from '@patrimonio/shared-api';
import type { EligiblePortfolio } from './portfolios.ts';

export function menuItem(overrides: Partial<PortfolioMenuItem> & { id: number | null }): PortfolioMenuItem {
  return {
    owner: 'Mario Rossi',
    ownerId: 1,
    familyId: null,
    name: `Portafoglio ${overrides.id}`,
    aggregate: false,
    currencySymbol: '€',
    firstMovementDate: '2020-01-15',
    lastQuantityCheckOkDate: '2024-11-22',
    testing: false,
    ...overrides,
  };
}

export function eligible(id: number, firstMovementDate: string, lastQuantityCheckOkDate: string): EligiblePortfolio {
  return menuItem({ id, firstMovementDate, lastQuantityCheckOkDate }) as EligiblePortfolio;
}
