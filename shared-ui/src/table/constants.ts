// The table's constants (spec sections 9 of both specs), in a module of their own so that pages importing them
// do not pull the table's code into shared-ui's main chunk.

/** "All" in the page-size choice: the spec's 100000. */
export const ALL_ROWS = 100_000;
/** Page sizes of spec section 9: 5, 10, 20, 50 or all. */
export const PAGE_SIZES: readonly number[] = [5, 10, 20, 50, ALL_ROWS];
/** Default page size (spec: default table search size 10). */
export const DEFAULT_PAGE_SIZE = 10;
/** Tables virtualise above this many rows on a page (spec section 9). */
export const VIRTUALISE_ABOVE = 20;
/** Row height of the grid: the spec's estimated row height. */
export const ESTIMATED_ROW_HEIGHT = 64;
/** Row height of the compact density (issue 22: advisers used to bank portals): the theme's own row height. */
export const COMPACT_ROW_HEIGHT = 38;
/** Search box debounce (spec: default debounce 500 ms). */
export const SEARCH_DEBOUNCE_MS = 500;
/** Two-step actions: the confirm button stays for 2 s (spec: delete confirmation 2 s). */
export const CONFIRM_MS = 2000;

/** The export's file name: `${exportName}.xlsx`, the table's translated name made a file name by the caller. */
export const xlsxFileName = (exportName: string) => `${exportName}.xlsx`;
/** The CSV export's file name, beside the XLSX one. */
export const csvFileName = (exportName: string) => `${exportName}.csv`;
