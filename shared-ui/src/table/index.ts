// Tables (issue 5): one component on Handsontable for every list. The grid loads lazily (its own chunk), so pages
// without a table do not download it. Work package: tables.
//
// For page authors:
// - Keep `columns` and `rows` stable between renders (a module constant or useMemo): a new array means searching,
//   filtering and sorting all rows again (100,000 for the stocks).
// - Cell values are raw: numbers for money, quantity, price, percent (percent points: 12.5 shows 12,50%) and
//   number; 'YYYY-MM-DD' for date, 'YYYY-MM-DD HH:mm' (or ISO with a zone) for dateTime. The export writes them
//   as values; the grid formats them in the current language.
// - Test hooks: data-testid `table-${id}` on the table, then table-search, table-export, table-export-csv,
//   table-density (aria-pressed: compact), table-columns, table-page-size, table-range, table-first/prev/next/last, table-empty, table-error, table-skeleton; cells carry
//   data-pt-row, headers data-pt-col, action buttons data-pt-action (aria-label = the action's label, or
//   'Conferma: …' while a two-step action waits for its second click); the totals row's cells data-pt-total (the
//   column key), the grid data-density.
import type { ReactNode } from 'react';

export type ColumnType = 'text' | 'money' | 'quantity' | 'price' | 'percent' | 'date' | 'dateTime' | 'number';

export interface TableColumn<T> {
  /** Stable key (column visibility, sort and filter state, export header order). */
  key: string;
  /** Header text, already translated. */
  title: string;
  /** The cell value (sorted, filtered, exported); formatted by `type` for display. */
  value: (row: T) => string | number | null | undefined;
  type?: ColumnType;
  /** Currency symbol for money columns (default €). */
  currencySymbol?: string | ((row: T) => string);
  width?: number;
  /** Default true. */
  sortable?: boolean;
  /** Column filter; default true. */
  filterable?: boolean;
  /** Hidden until the user shows it from the column menu. */
  hiddenByDefault?: boolean;
  /**
   * A colour for the cell (a status, a difference beyond a tolerance): `data-pt-tone` on the cell. The colour only
   * underlines what the text says; a page never conveys a state by colour alone.
   */
  tone?: (row: T) => CellTone | null | undefined;
  /**
   * The cell's full text on hover (`title`), when it shows a shortened one (a SHA-256's first characters). Without it,
   * a cell or header whose text is cut shows its whole text on hover.
   */
  tooltip?: (row: T) => string | null | undefined;
  /**
   * In a table with `totals`: whether the column is summed in the totals row. Default: money columns (a column whose
   * rows are in more than one currency gets no sum); true for a percent column of weights.
   */
  total?: boolean;
}

/** The colours a cell may take (CSS: `td[data-pt-tone]` in table.css). */
export type CellTone = 'positive' | 'negative' | 'warning' | 'neutral';

export interface TableAction<T> {
  id: string;
  /** Translated label (also the accessible name of the icon button). */
  label: string;
  icon?:
    | 'edit'
    | 'delete'
    | 'invite'
    | 'open'
    | 'download'
    | 'more'
    | 'approve'
    | 'reject'
    | 'check'
    | 'fetch'
    | 'reload'
    | 'map'
    | 'copy';
  onClick: (row: T) => void;
  /** Two-step: the first click shows a confirm button for 2 s, the second acts (spec: delete confirmation 2 s). */
  confirm?: boolean;
  /** Hide the action on some rows. */
  hidden?: (row: T) => boolean;
}

export interface DataTableProps<T> {
  /** Stable id: persisted column visibility and page size, export file name. */
  id: string;
  columns: ReadonlyArray<TableColumn<T>>;
  rows: ReadonlyArray<T> | undefined;
  rowKey: (row: T) => string | number;
  loading?: boolean;
  /** A translated error message instead of the rows. */
  error?: string | null;
  /** Translated text when there are no rows. */
  emptyText?: string;
  actions?: ReadonlyArray<TableAction<T>>;
  /** Row selection with checkboxes; the selected rows are reported. */
  selectable?: boolean;
  onSelectionChange?: (rows: T[]) => void;
  /** Click on a row (not on an action). */
  onRowClick?: (row: T) => void;
  /** Page sizes; default 5, 10, 20, 50 and all (100000). */
  pageSizes?: ReadonlyArray<number>;
  defaultPageSize?: number;
  /**
   * The table's own page controls; default true. False for a list the server pages (the rows are one page of it):
   * the page kit's Pager goes under the table instead.
   */
  pager?: boolean;
  /** Default sort. */
  defaultSort?: { key: string; direction: 'asc' | 'desc' };
  /** Search box over the visible columns (client side); default true. */
  search?: boolean;
  /**
   * File name (without extension) of the XLSX and CSV exports of the filtered, sorted rows with the visible columns,
   * translated; default the table's `label` made a file name. The XLSX's sheet is named by `label`.
   */
  exportName?: string;
  /** Show the XLSX and CSV export buttons; default true. */
  exportable?: boolean;
  /**
   * A totals row under the rows: the sums over the rows shown (every page, after search and filters) of the money
   * columns and of the columns with `total: true`. Default false.
   */
  totals?: boolean;
  /** Extra controls in the toolbar (add buttons, filters). */
  toolbar?: ReactNode;
  /** Accessible name of the table. */
  label: string;
  /** Height in px of the grid when a page has more than 20 rows (then virtualised); default about ten rows. */
  height?: number;
}

export {
  ALL_ROWS,
  COMPACT_ROW_HEIGHT,
  CONFIRM_MS,
  csvFileName,
  DEFAULT_PAGE_SIZE,
  ESTIMATED_ROW_HEIGHT,
  PAGE_SIZES,
  SEARCH_DEBOUNCE_MS,
  VIRTUALISE_ABOVE,
  xlsxFileName,
} from './constants.ts';
export { DataTable } from './DataTable.tsx';
export type { ColumnFilter, SortState } from './model.ts';
export { densityKey, type TableDensity, tablePrefsKey } from './storage.ts';
export { TableSkeleton } from './TableSkeleton.tsx';
