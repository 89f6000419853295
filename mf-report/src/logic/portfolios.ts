// Which portfolios the report offers, and saved settings cut down to the portfolio menu (portal-and-report 3 and 5).
import type { IsoDate } from '@patrimonio/engine';
import type { PortfolioMenuItem } from '@patrimonio/shared-api';

/** A portfolio the report may include: a real one (not the aggregate entry) with both dates. */
export type EligiblePortfolio = PortfolioMenuItem & {
  id: number;
  firstMovementDate: IsoDate;
  lastQuantityCheckOkDate: IsoDate;
};

/**
 * True when the report offers the portfolio. Rule (portal-and-report 5, "Report options" and "Report date range"):
 * "Only portfolios that have firstMovementDate and lastQuantityCheckOkDate and are not in testing are offered"; the
 * aggregate (family) entry of the menu is a sum of the others, not a portfolio of its own, so it is never offered.
 * Worked example: { testing: false, aggregate: false, firstMovementDate: '2024-01-02', lastQuantityCheckOkDate:
 * '2024-11-22' } is eligible; the same with lastQuantityCheckOkDate null, or testing true, is not.
 */
export function isEligiblePortfolio(item: PortfolioMenuItem): item is EligiblePortfolio {
  return (
    item.id !== null &&
    !item.aggregate &&
    !item.testing &&
    item.firstMovementDate !== null &&
    item.lastQuantityCheckOkDate !== null
  );
}

/** The menu's eligible portfolios, in menu order (portal-and-report 5: "only eligible portfolios offered"). */
export function eligiblePortfolios(menu: readonly PortfolioMenuItem[]): EligiblePortfolio[] {
  return menu.filter(isEligiblePortfolio);
}

/**
 * The ids of `ids` that are portfolios of the menu, in the given order, each once. Rule (portal-and-report 5):
 * "Settings fetched from the server are filtered to portfolios present in the menu".
 * Worked example: ids [7, 3, 9, 3] with a menu holding 3 and 7 give [7, 3].
 */
export function portfoliosInMenu(ids: readonly number[], menu: readonly PortfolioMenuItem[]): number[] {
  const inMenu = new Set(menu.map((item) => item.id).filter((id): id is number => id !== null));
  return [...new Set(ids)].filter((id) => inMenu.has(id));
}
