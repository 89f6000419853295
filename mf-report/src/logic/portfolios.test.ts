import { describe, expect, it } from 'vitest';
import { menuItem } from './fixtures.testing.ts';
import { eligiblePortfolios, isEligiblePortfolio, portfoliosInMenu } from './portfolios.ts';

describe('eligible portfolios (portal-and-report 5)', () => {
  it('offers only non-testing, non-aggregate portfolios with both dates, in menu order', () => {
    const menu = [
      menuItem({ id: null, aggregate: true, name: 'Famiglia' }),
      menuItem({ id: 5 }),
      menuItem({ id: 6, testing: true }),
      menuItem({ id: 7, firstMovementDate: null }),
      menuItem({ id: 8, lastQuantityCheckOkDate: null }),
      menuItem({ id: 2 }),
      menuItem({ id: 9, aggregate: true }),
    ];
    expect(eligiblePortfolios(menu).map((p) => p.id)).toEqual([5, 2]);
  });

  it('refuses an entry without an id', () => {
    expect(isEligiblePortfolio(menuItem({ id: null }))).toBe(false);
    expect(isEligiblePortfolio(menuItem({ id: 1 }))).toBe(true);
  });
});

describe('saved settings filtered to the menu (portal-and-report 5)', () => {
  it('keeps only ids of the menu, in the saved order, each once', () => {
    const menu = [menuItem({ id: 3 }), menuItem({ id: 7, testing: true }), menuItem({ id: null, aggregate: true })];
    expect(portfoliosInMenu([7, 3, 9, 3], menu)).toEqual([7, 3]);
    expect(portfoliosInMenu([], menu)).toEqual([]);
  });
});
