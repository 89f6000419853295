// The table (lazy chunk with Handsontable): toolbar (search, filters in use, columns, export, the page's own
// controls), the grid, paging; loading, error and empty states. State lives here; what is shown is computed by
// model.ts; the grid draws one page.
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import {
  ChevronLeft,
  ChevronRight,
  ChevronsLeft,
  ChevronsRight,
  CircleAlert,
  Columns3,
  FileSpreadsheet,
  FileText,
  FilterX,
  Inbox,
  Rows3,
  Search,
} from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { MenuButton } from '../chrome/MenuButton.tsx';
import { toast } from '../chrome/toast.ts';
import { saveBlob } from '../download.ts';
import type { Locale } from '../i18n/i18n.ts';
import { ColumnMenu } from './ColumnMenu.tsx';
import {
  ALL_ROWS,
  CONFIRM_MS,
  csvFileName,
  ESTIMATED_ROW_HEIGHT,
  PAGE_SIZES,
  SEARCH_DEBOUNCE_MS,
  VIRTUALISE_ABOVE,
  xlsxFileName,
} from './constants.ts';
import { csvBlob, fileSlug, toCsv, toXlsxSheet } from './export.ts';
import { type GridLabels, type GridView, HandsontableGrid } from './HandsontableGrid.tsx';
import type { DataTableProps, TableAction, TableColumn } from './index.ts';
import {
  type ColumnFilter,
  type ColumnFilters,
  columnTotals,
  isColumnVisible,
  isFilterActive,
  nextSort,
  pageWindow,
  pickPageSize,
  queryRows,
  type SortState,
  searchTexts,
} from './model.ts';
import { readTablePrefs, useTableDensity, withWidth, writeTablePrefs } from './storage.ts';
import { TableSkeleton } from './TableSkeleton.tsx';
import { downloadXlsx } from './xlsx.ts';

/** Height of a virtualised grid (more than 20 rows on a page): about ten rows and the header. */
export const DEFAULT_VIRTUAL_HEIGHT = 10 * ESTIMATED_ROW_HEIGHT + 48;

const EMPTY_ACTIONS: readonly TableAction<never>[] = [];
const EMPTY_ROWS: readonly never[] = [];
/** Background preparation of the search over large tables: above this many rows, in slices, after a pause. */
const WARM_UP_ABOVE = 2000;
const WARM_UP_SLICE = 2000;
const WARM_UP_DELAY_MS = 300;

export function DataTableImpl<T>(props: DataTableProps<T>) {
  const { id, columns, rows, rowKey, loading, error, actions = EMPTY_ACTIONS as readonly TableAction<T>[] } = props;
  const { t, i18n } = useLingui();
  const locale: Locale = i18n.locale === 'en' ? 'en' : 'it';
  const pageSizes = props.pageSizes?.length ? props.pageSizes : PAGE_SIZES;
  const container = useRef<HTMLDivElement>(null);

  // Preferences of this table id: column visibility and page size (localStorage).
  const [prefs, setPrefs] = useState(() => readTablePrefs(id));
  useEffect(() => writeTablePrefs(id, prefs), [id, prefs]);
  const pageSize = pickPageSize(pageSizes, prefs.pageSize, props.defaultPageSize);
  // The user's density, the same for every table (issue 22).
  const [density, setDensity] = useTableDensity();
  const compact = density === 'compact';
  const onResize = useCallback((key: string, width: number) => setPrefs((p) => withWidth(p, key, width)), []);

  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<ColumnFilters>({});
  const [sort, setSort] = useState<SortState | null>(props.defaultSort ?? null);
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<string | number>>(() => new Set());
  const [confirm, setConfirm] = useState<GridView['confirm']>(null);
  // The open column menu: its column, its header's button and the column's width as drawn when it opened.
  const [menu, setMenu] = useState<{ key: string; anchor: HTMLElement; width: number } | null>(null);
  const [exporting, setExporting] = useState(false);

  // Search: debounced 500 ms (spec default debounce); a new search starts from the first page.
  useEffect(() => {
    if (searchInput === search) return;
    const timer = setTimeout(() => {
      setSearch(searchInput);
      setPage(0);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput, search]);

  const visibleColumns = useMemo(() => {
    const shown = columns.filter((c) => isColumnVisible(c, prefs.columns));
    return shown.length ? shown : columns.slice(0, 1);
  }, [columns, prefs.columns]);

  const showSearch = props.search !== false;
  const allRows = rows ?? EMPTY_ROWS;
  const texts = useMemo(() => searchTexts(allRows, visibleColumns, locale), [allRows, visibleColumns, locale]);
  // Large tables: build the searchable text in the background, a slice at a time, so the first search is quick.
  useEffect(() => {
    if (!showSearch || allRows.length < WARM_UP_ABOVE) return;
    let next = 0;
    let timer: ReturnType<typeof setTimeout>;
    const slice = () => {
      const end = Math.min(allRows.length, next + WARM_UP_SLICE);
      for (; next < end; next++) texts(next);
      if (next < allRows.length) timer = setTimeout(slice, 0);
    };
    timer = setTimeout(slice, WARM_UP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [texts, allRows.length, showSearch]);
  const shownRows = useMemo(
    () => queryRows(allRows, visibleColumns, { search, filters, sort }, locale, texts),
    [allRows, visibleColumns, search, filters, sort, locale, texts],
  );
  const win = pageWindow(shownRows.length, page, pageSize);
  const pageRows = useMemo(() => shownRows.slice(win.start, win.end), [shownRows, win.start, win.end]);
  const virtual = pageRows.length > VIRTUALISE_ABOVE;
  const totals = useMemo(
    () => (props.totals ? columnTotals(shownRows, visibleColumns) : null),
    [props.totals, shownRows, visibleColumns],
  );

  // Selection: keys of rows still present; reported as rows in table order.
  const onSelectionChange = props.onSelectionChange;
  const selectionRef = useRef(selected);
  const updateSelection = useCallback(
    (next: ReadonlySet<string | number>) => {
      selectionRef.current = next;
      setSelected(next);
      onSelectionChange?.((rows ?? []).filter((r) => next.has(rowKey(r))));
    },
    [rows, rowKey, onSelectionChange],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: prune only when the rows change.
  useEffect(() => {
    const current = selectionRef.current;
    if (!current.size) return;
    const present = new Set((rows ?? []).map(rowKey));
    const kept = new Set([...current].filter((k) => present.has(k)));
    if (kept.size !== current.size) updateSelection(kept);
  }, [rows]);

  const shownKeys = useMemo(
    () => (props.selectable ? shownRows.map(rowKey) : []),
    [props.selectable, shownRows, rowKey],
  );
  const selectedShown = shownKeys.filter((k) => selected.has(k)).length;
  const allSelected: GridView['allSelected'] =
    selectedShown === 0 ? 'none' : selectedShown === shownKeys.length ? 'all' : 'some';

  // Two-step actions: the first activation turns the button into a confirm button for 2 s.
  const confirmTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (confirmTimer.current) clearTimeout(confirmTimer.current);
    },
    [],
  );
  const confirmRef = useRef(confirm);
  confirmRef.current = confirm;
  const onAction = useCallback(
    (action: TableAction<T>, row: T) => {
      if (!action.confirm) {
        action.onClick(row);
        return;
      }
      const key = rowKey(row);
      const pending = confirmRef.current;
      if (confirmTimer.current) clearTimeout(confirmTimer.current);
      if (pending && pending.rowKey === key && pending.actionId === action.id) {
        confirmRef.current = null;
        setConfirm(null);
        action.onClick(row);
        return;
      }
      const next = { rowKey: key, actionId: action.id };
      confirmRef.current = next;
      setConfirm(next);
      confirmTimer.current = setTimeout(() => {
        confirmRef.current = null;
        setConfirm(null);
      }, CONFIRM_MS);
    },
    [rowKey],
  );

  const onSort = useCallback((key: string) => {
    setSort((s) => nextSort(s, key));
    setPage(0);
  }, []);
  const onToggleRow = useCallback(
    (row: T) => {
      const key = rowKey(row);
      const next = new Set(selectionRef.current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      updateSelection(next);
    },
    [rowKey, updateSelection],
  );
  const shownKeysRef = useRef(shownKeys);
  shownKeysRef.current = shownKeys;
  const onToggleAll = useCallback(() => {
    const keys = shownKeysRef.current;
    const next = new Set(selectionRef.current);
    const all = keys.length > 0 && keys.every((k) => next.has(k));
    for (const k of keys) {
      if (all) next.delete(k);
      else next.add(k);
    }
    updateSelection(next);
  }, [updateSelection]);
  const onOpenMenu = useCallback((key: string, anchor: HTMLElement) => {
    const width = Math.round(anchor.closest('th')?.getBoundingClientRect().width ?? 0);
    setMenu((m) => (m?.key === key ? null : { key, anchor, width }));
  }, []);
  const onRowClickProp = props.onRowClick;
  const onRowClick = useCallback((row: T) => onRowClickProp?.(row), [onRowClickProp]);

  const setColumnVisible = (key: string, visible: boolean) =>
    setPrefs((p) => ({ ...p, columns: { ...p.columns, [key]: visible } }));
  const setFilter = (key: string, filter: ColumnFilter | null) => {
    setFilters((f) => {
      const next = { ...f };
      if (filter && isFilterActive(filter)) next[key] = filter;
      else delete next[key];
      return next;
    });
    setPage(0);
  };
  const activeFilters = visibleColumns.filter((c) => isFilterActive(filters[c.key]));
  const filterCount = activeFilters.length;
  const selectedCount = selected.size;

  // The keys of the filtered columns as one string: a stable dependency for the view.
  const filteredKeys = activeFilters.map((c) => c.key).join('\u0000');
  const view = useMemo<GridView>(
    () => ({
      sort,
      filtered: new Set(filteredKeys ? filteredKeys.split('\u0000') : []),
      selected,
      allSelected,
      confirm,
    }),
    [sort, filteredKeys, selected, allSelected, confirm],
  );
  const labels = useMemo<GridLabels>(
    () => ({
      selectRow: t`Seleziona riga`,
      selectAll: t`Seleziona tutte le righe`,
      columnMenu: (title) => t`Menu della colonna ${title}`,
      confirm: (label) => t`Conferma: ${label}`,
      sortedAsc: t`Ordine crescente`,
      sortedDesc: t`Ordine decrescente`,
      keys: t`Tasti: frecce per muoversi tra le celle, Invio per aprire la riga o usare il pulsante della cella, Invio su un titolo per ordinare, Alt+Freccia giù per il menu della colonna, Tab per i pulsanti delle righe.`,
    }),
    [t],
  );

  // File and sheet names in the language in use: the page's translated export name, else the table's label.
  const exportBase = props.exportName ?? fileSlug(props.label);
  // The totals row the grid shows ends the exports as well.
  const totalLabel = t`Totale`;
  const exportTotals = totals ? { values: totals, label: totalLabel } : null;
  const exportXlsx = async () => {
    setExporting(true);
    try {
      const sheet = toXlsxSheet(shownRows, visibleColumns, locale, props.label, exportTotals);
      await downloadXlsx(sheet, xlsxFileName(exportBase));
    } catch {
      toast.error(t`Impossibile esportare la tabella`);
    } finally {
      setExporting(false);
    }
  };
  const exportCsv = () => {
    try {
      saveBlob(csvBlob(toCsv(shownRows, visibleColumns, locale, exportTotals)), csvFileName(exportBase));
    } catch {
      toast.error(t`Esportazione non riuscita`);
    }
  };

  const menuColumn = menu ? visibleColumns.find((c) => c.key === menu.key) : undefined;
  const total = shownRows.length;
  const isLoading = Boolean(loading) || (rows === undefined && !error);

  const toolbar = (
    <div className="pt-table__toolbar">
      {showSearch ? (
        <label className="pt-table__search">
          <Search size={16} aria-hidden="true" className="pt-table__search-icon" />
          <span className="pt-sr-only">{t`Cerca nella tabella`}</span>
          <input
            className="pt-input"
            type="search"
            placeholder={t`Cerca`}
            value={searchInput}
            onChange={(e) => setSearchInput(e.target.value)}
            data-testid="table-search"
          />
        </label>
      ) : null}
      {activeFilters.length ? (
        <button
          type="button"
          className="pt-btn pt-btn--ghost pt-table__clear"
          onClick={() => {
            setFilters({});
            setPage(0);
          }}
          data-testid="table-clear-filters"
        >
          <FilterX size={16} aria-hidden="true" />
          {t`Azzera filtri (${filterCount})`}
        </button>
      ) : null}
      {props.selectable && selected.size ? (
        <span className="pt-table__selection" data-testid="table-selection-count">
          {t({ message: plural(selectedCount, { one: '# selezionata', other: '# selezionate' }) })}
        </span>
      ) : null}
      <span className="pt-table__spacer" />
      {props.toolbar ? <div className="pt-table__toolbar--custom">{props.toolbar}</div> : null}
      <MenuButton
        className="pt-table__columns"
        label={
          <>
            <Columns3 size={16} aria-hidden="true" />
            <span>{t`Colonne`}</span>
          </>
        }
        buttonProps={{ 'data-testid': 'table-columns' }}
      >
        {() =>
          columns.map((c) => {
            const shown = visibleColumns.includes(c);
            const last = shown && visibleColumns.length === 1;
            return (
              <button
                key={c.key}
                type="button"
                role="menuitemcheckbox"
                aria-checked={shown}
                aria-disabled={last}
                className="pt-menu__item"
                data-testid={`table-column-toggle-${c.key}`}
                onClick={() => {
                  if (!last) setColumnVisible(c.key, !shown);
                }}
              >
                <span className="pt-table__tick" aria-hidden="true">
                  {shown ? '✓' : ''}
                </span>
                {c.title}
              </button>
            );
          })
        }
      </MenuButton>
      <button
        type="button"
        className="pt-btn pt-btn--ghost pt-table__density"
        aria-pressed={compact}
        title={t`Righe compatte: più righe e colonne sullo schermo`}
        onClick={() => setDensity(compact ? 'comfortable' : 'compact')}
        data-testid="table-density"
      >
        <Rows3 size={16} aria-hidden="true" />
        {t`Compatta`}
      </button>
      {props.exportable !== false ? (
        <>
          <button
            type="button"
            className="pt-btn pt-btn--secondary pt-table__export"
            onClick={exportXlsx}
            disabled={exporting || isLoading || Boolean(error) || total === 0}
            data-testid="table-export"
          >
            <FileSpreadsheet size={16} aria-hidden="true" />
            {t`Esporta XLSX`}
          </button>
          <button
            type="button"
            className="pt-btn pt-btn--secondary pt-table__export"
            onClick={exportCsv}
            disabled={isLoading || Boolean(error) || total === 0}
            data-testid="table-export-csv"
          >
            <FileText size={16} aria-hidden="true" />
            {t`Esporta CSV`}
          </button>
        </>
      ) : null}
    </div>
  );

  let body: React.ReactNode;
  if (isLoading) {
    body = <TableSkeleton label={props.label} columns={Math.min(6, Math.max(2, visibleColumns.length))} />;
  } else if (error) {
    body = (
      <div className="pt-table__state pt-table__state--error" role="alert" data-testid="table-error">
        <CircleAlert size={20} aria-hidden="true" />
        <p>{error}</p>
      </div>
    );
  } else if (!allRows.length || !total) {
    const filteredOut = allRows.length > 0;
    body = (
      <div className="pt-table__state" role="status" data-testid="table-empty">
        <Inbox size={20} aria-hidden="true" />
        <p>
          {filteredOut ? t`Nessuna riga corrisponde alla ricerca o ai filtri.` : (props.emptyText ?? t`Nessun dato`)}
        </p>
        {filteredOut ? (
          <button
            type="button"
            className="pt-btn pt-btn--ghost"
            onClick={() => {
              setFilters({});
              setSearchInput('');
              setSearch('');
              setPage(0);
            }}
          >
            {t`Azzera ricerca e filtri`}
          </button>
        ) : null}
      </div>
    );
  } else {
    body = (
      <HandsontableGrid
        // Handsontable cannot switch between rendering all rows and virtualising: a new grid when that changes.
        key={virtual ? 'virtual' : 'all-rows'}
        label={props.label}
        rows={pageRows}
        columns={visibleColumns}
        actions={actions}
        selectable={Boolean(props.selectable)}
        rowKey={rowKey}
        locale={locale}
        height={virtual ? (props.height ?? DEFAULT_VIRTUAL_HEIGHT) : undefined}
        view={view}
        labels={labels}
        rowClickable={Boolean(props.onRowClick)}
        density={density}
        widths={prefs.widths}
        totals={totals}
        totalLabel={totalLabel}
        onResize={onResize}
        onSort={onSort}
        onOpenMenu={onOpenMenu}
        onToggleRow={onToggleRow}
        onToggleAll={onToggleAll}
        onAction={onAction}
        onRowClick={onRowClick}
      />
    );
  }

  // Named values for the messages (translators see {from}, {to}, {total}...).
  const from = total ? win.start + 1 : 0;
  const to = win.end;
  const pageNumber = win.page + 1;
  const pageCount = win.pageCount;
  const showPager = props.pager !== false && !isLoading && !error && total > 0;
  return (
    // A named group, not a landmark: the page's Section around it already is the region of the same name (axe
    // landmark-unique).
    // biome-ignore lint/a11y/useSemanticElements: a fieldset is for form controls; this groups a table and its tools.
    <div
      ref={container}
      role="group"
      className="pt-table__body"
      aria-label={props.label}
      data-page-rows={pageRows.length}
    >
      {toolbar}
      {body}
      {showPager ? (
        <div className="pt-table__pager">
          <label className="pt-table__page-size">
            <span>{t`Righe per pagina`}</span>
            <select
              className="pt-input"
              value={pageSize}
              onChange={(e) => {
                setPrefs((p) => ({ ...p, pageSize: Number(e.target.value) }));
                setPage(0);
              }}
              data-testid="table-page-size"
            >
              {pageSizes.map((size) => (
                <option key={size} value={size}>
                  {size >= ALL_ROWS ? t`Tutte` : String(size)}
                </option>
              ))}
            </select>
          </label>
          <span className="pt-table__range" aria-live="polite" data-testid="table-range">
            {t`${from}–${to} di ${total}`}
          </span>
          <div className="pt-table__pages">
            <button
              type="button"
              className="pt-icon-btn"
              aria-label={t`Prima pagina`}
              disabled={win.page === 0}
              onClick={() => setPage(0)}
              data-testid="table-first"
            >
              <ChevronsLeft size={18} aria-hidden="true" />
            </button>
            <button
              type="button"
              className="pt-icon-btn"
              aria-label={t`Pagina precedente`}
              disabled={win.page === 0}
              onClick={() => setPage(win.page - 1)}
              data-testid="table-prev"
            >
              <ChevronLeft size={18} aria-hidden="true" />
            </button>
            <span className="pt-table__page-of">{t`Pagina ${pageNumber} di ${pageCount}`}</span>
            <button
              type="button"
              className="pt-icon-btn"
              aria-label={t`Pagina successiva`}
              disabled={win.page >= win.pageCount - 1}
              onClick={() => setPage(win.page + 1)}
              data-testid="table-next"
            >
              <ChevronRight size={18} aria-hidden="true" />
            </button>
            <button
              type="button"
              className="pt-icon-btn"
              aria-label={t`Ultima pagina`}
              disabled={win.page >= win.pageCount - 1}
              onClick={() => setPage(win.pageCount - 1)}
              data-testid="table-last"
            >
              <ChevronsRight size={18} aria-hidden="true" />
            </button>
          </div>
        </div>
      ) : null}
      {menu && menuColumn && container.current ? (
        <ColumnMenu
          column={menuColumn as TableColumn<T>}
          anchor={menu.anchor}
          container={container.current}
          sort={sort}
          filter={filters[menuColumn.key]}
          canHide={visibleColumns.length > 1}
          width={prefs.widths?.[menuColumn.key] ?? menu.width}
          onWidth={(width) => onResize(menuColumn.key, width)}
          onSort={(direction) => {
            setSort(direction ? { key: menuColumn.key, direction } : null);
            setPage(0);
          }}
          onFilter={(filter) => setFilter(menuColumn.key, filter)}
          onHide={() => setColumnVisible(menuColumn.key, false)}
          onClose={() => setMenu(null)}
        />
      ) : null}
    </div>
  );
}
