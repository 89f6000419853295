// Tables (issue 5): one component on Handsontable for every list. The grid loads lazily (its own chunk), so pages
// without a table do not download it. Work package: tables.
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
}

export interface TableAction<T> {
  id: string;
  /** Translated label (also the accessible name of the icon button). */
  label: string;
  icon?: 'edit' | 'delete' | 'invite' | 'open' | 'download' | 'more';
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
  /** Default sort. */
  defaultSort?: { key: string; direction: 'asc' | 'desc' };
  /** Search box over the visible columns (client side); default true. */
  search?: boolean;
  /** XLSX export of the filtered, sorted rows with the visible columns; default true. File name `${exportName ?? id}.xlsx`. */
  exportName?: string;
  /** Extra controls in the toolbar (add buttons, filters). */
  toolbar?: ReactNode;
  /** Accessible name of the table. */
  label: string;
}
export { DataTable } from './DataTable.tsx';
