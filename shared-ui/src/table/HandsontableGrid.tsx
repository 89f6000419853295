// The grid of a DataTable on Handsontable (lazy chunk): read-only cells drawn by our own renderers, so only
// Handsontable's core is bundled, with one plugin: column resizing (manualColumnResize; the widths a user gives are
// kept per table, issue 22). Search, filters, sort and paging happen before (model.ts);
// the grid shows one page. Above 20 rows it gets a fixed height and Handsontable renders only the visible rows.
//
// Layout: [selection checkbox] + data columns + one narrow column per action. Clicks are handled by one
// delegated listener (data-pt-* attributes on the cells); keys by `beforeKeyDown`: Enter on a data cell opens
// the row, Enter or Space on an action cell acts, Space on a checkbox cell toggles it, Enter on a header sorts,
// Alt+ArrowDown on a header opens its column menu. The keys are spelled out under the grid while it has the focus
// (labels.keys), and the rows' buttons are also reached with Tab (issue 22).
//
// Accessibility left to Handsontable (docs/accessibility.md): its overlays repeat the header row in clones that
// assistive technology may meet twice, and a virtualised grid reports no row count (aria-rowcount -1).

import { HotTable, type HotTableRef } from '@handsontable/react-wrapper';
import type Handsontable from 'handsontable/base';
import itIT from 'handsontable/i18n/languages/it-IT';
import { registerLanguageDictionary } from 'handsontable/i18n/registry';
import { ManualColumnResize, registerPlugin } from 'handsontable/plugins';
import { getTheme, hasTheme, horizonTheme, registerTheme } from 'handsontable/themes';
import {
  ArrowDown,
  ArrowLeftRight,
  ArrowUp,
  Check,
  CircleCheck,
  CircleX,
  CloudDownload,
  Copy,
  Download,
  Ellipsis,
  ExternalLink,
  ListFilter,
  type LucideIcon,
  Mail,
  Pencil,
  PlugZap,
  RotateCw,
  Trash2,
} from 'lucide-react';
import { memo, type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { formatMoney, formatNumber, formatPercent } from '../format/index.ts';
import type { Locale } from '../i18n/i18n.ts';
import { COMPACT_ROW_HEIGHT, ESTIMATED_ROW_HEIGHT } from './constants.ts';
import { formatCell, isDate, isNumeric } from './display.ts';
import type { ColumnType, TableAction, TableColumn } from './index.ts';
import { type ColumnTotal, fitWidths, type SortState, totalLabelKey } from './model.ts';
import type { TableDensity } from './storage.ts';

registerLanguageDictionary(itIT);
registerPlugin(ManualColumnResize);
/** The horizon theme, registered once (passing the plain config to each grid would register it again). */
const THEME = (hasTheme('horizon') && getTheme('horizon')) || registerTheme(horizonTheme);

/** Handsontable's open-source licence key (STACK.md). */
const LICENSE_KEY = 'non-commercial-and-evaluation';

const ICONS: Record<NonNullable<TableAction<unknown>['icon']> | 'confirm' | 'asc' | 'desc' | 'filter', LucideIcon> = {
  edit: Pencil,
  delete: Trash2,
  invite: Mail,
  open: ExternalLink,
  download: Download,
  more: Ellipsis,
  approve: CircleCheck,
  reject: CircleX,
  check: PlugZap,
  fetch: CloudDownload,
  reload: RotateCw,
  map: ArrowLeftRight,
  copy: Copy,
  confirm: Check,
  asc: ArrowUp,
  desc: ArrowDown,
  filter: ListFilter,
};

const BASE_WIDTH: Record<ColumnType, number> = {
  text: 200,
  money: 150,
  quantity: 130,
  price: 130,
  percent: 110,
  number: 110,
  date: 120,
  dateTime: 160,
};
const SELECT_WIDTH = 52;
/** Narrowest a data column gets before the grid scrolls sideways. */
const MIN_WIDTH = 96;
const ACTION_WIDTH = 56;
const COMPACT_ACTION_WIDTH = 40;
/** A cell's horizontal padding (--ht-cell-horizontal-padding in table.css), each side, by density. */
const CELL_PADDING: Record<TableDensity, number> = { comfortable: 12, compact: 8 };
/** Rows measured for a column's minimum width (a virtualised page may have 100,000). */
const MEASURED_ROWS = 200;

/** Text widths in the grid's font, on one canvas. */
let measureCanvas: HTMLCanvasElement | null = null;
function textWidth(texts: readonly string[], font: string): number {
  measureCanvas ??= document.createElement('canvas');
  const ctx = measureCanvas.getContext('2d');
  if (!ctx) return 0;
  ctx.font = font;
  return texts.reduce((max, text) => Math.max(max, ctx.measureText(text).width), 0);
}

/** A header's words: split at spaces and after a slash ("Plus/minusvalenza" breaks as "Plus/" "minusvalenza"). */
const headerWords = (title: string) => title.split(/\s+|(?<=\/)/).filter(Boolean);
/** The header text as drawn: a break opportunity after each slash. */
const headerText = (title: string) => title.replace(/\//g, '/\u200b');

/** The narrowest box in which the words fit on at most two lines. */
function twoLineWidth(words: readonly string[], font: string): number {
  if (words.length < 2) return textWidth(words, font);
  let best = Number.POSITIVE_INFINITY;
  for (let k = 1; k < words.length; k++) {
    const first = textWidth([words.slice(0, k).join(' ')], font);
    const second = textWidth([words.slice(k).join(' ')], font);
    best = Math.min(best, Math.max(first, second));
  }
  return best;
}

/** A totals row's figure as the column shows it. */
function formatTotal<T>(column: TableColumn<T>, total: ColumnTotal, locale: Locale): string {
  switch (column.type) {
    case 'money':
      return formatMoney(total.value, total.symbol, locale);
    case 'percent':
      return formatPercent(total.value, locale);
    default:
      return formatNumber(total.value, Number.isInteger(total.value) ? 0 : 2, locale);
  }
}
/**
 * A grid narrower than this (a phone's) keeps every column at its own width and scrolls sideways inside its card:
 * squeezed to the minimum, most of its cells would show only their first characters.
 */
const NARROW_GRID = 600;

type LayoutItem<T> =
  | { kind: 'select' }
  | { kind: 'data'; column: TableColumn<T> }
  | { kind: 'action'; action: TableAction<T> };

/** What changes without new data: drawn by the renderers on `render()`. */
export interface GridView {
  sort: SortState | null;
  /** Keys of the columns with an active filter. */
  filtered: ReadonlySet<string>;
  selected: ReadonlySet<string | number>;
  /** Selection state of the header checkbox. */
  allSelected: 'none' | 'some' | 'all';
  /** The action waiting for its confirming click. */
  confirm: { rowKey: string | number; actionId: string } | null;
}

export interface GridLabels {
  selectRow: string;
  selectAll: string;
  /** Accessible name of a column's menu button. */
  columnMenu: (title: string) => string;
  /** Accessible name of the confirm button that replaces a two-step action. */
  confirm: (label: string) => string;
  sortedAsc: string;
  sortedDesc: string;
  /** The grid's keys, shown under it while it has the focus and given as its description. */
  keys: string;
}

export interface GridProps<T> {
  label: string;
  rows: readonly T[];
  columns: readonly TableColumn<T>[];
  actions: readonly TableAction<T>[];
  selectable: boolean;
  rowKey: (row: T) => string | number;
  locale: Locale;
  /**
   * Fixed height in px (virtualised) or undefined (every row rendered, the grid as tall as its rows). Switching
   * between the two needs a new grid: give the component a different key.
   */
  height: number | undefined;
  view: GridView;
  labels: GridLabels;
  rowClickable: boolean;
  density: TableDensity;
  /** Column key -> the width the user gave it (resizing). */
  widths: Readonly<Record<string, number>> | undefined;
  /** The totals row (column key -> sum, null for no sum), or null for none. */
  totals: Readonly<Record<string, ColumnTotal | null>> | null;
  /** The totals row's label, in its first column without a sum. */
  totalLabel: string;
  onResize: (key: string, width: number) => void;
  onSort: (key: string) => void;
  onOpenMenu: (key: string, anchor: HTMLElement) => void;
  onToggleRow: (row: T) => void;
  onToggleAll: () => void;
  onAction: (action: TableAction<T>, row: T) => void;
  onRowClick: (row: T) => void;
}

function iconNode(icons: HTMLElement | null, name: keyof typeof ICONS): Node | null {
  const svg = icons?.querySelector(`[data-pt-icon="${name}"]`);
  return svg ? svg.cloneNode(true) : null;
}

/** Accessible name and colour of a sort indicator. */
function ariaSort(sort: SortState | null, key: string): 'ascending' | 'descending' | 'none' {
  if (!sort || sort.key !== key) return 'none';
  return sort.direction === 'asc' ? 'ascending' : 'descending';
}

/** The element's whole text as its title when the text is cut (wider than its box), else no title. */
function cutTitle(owner: HTMLElement, text: HTMLElement): void {
  const whole = (text.textContent ?? '').replace(/\u200b/g, '');
  const cut = text.scrollWidth > text.clientWidth + 1 || text.scrollHeight > text.clientHeight + 1;
  if (whole && cut) owner.title = whole;
  else owner.removeAttribute('title');
}

/** The whole text of a hovered cell or header whose text is cut, as its title (a column's own tooltip stays). */
function showCutText<T>(
  target: HTMLElement,
  ref: HotTableRef | null,
  live: { props: GridProps<T>; layout: readonly LayoutItem<T>[] },
): void {
  const th = target.closest<HTMLElement>('th[data-pt-col]');
  if (th) {
    const text = th.querySelector<HTMLElement>('.colHeader');
    if (text) cutTitle(th, text);
    return;
  }
  const td = target.closest<HTMLTableCellElement>('td.pt-table__cell');
  if (!td || td.dataset.ptKind) return;
  const col = ref?.hotInstance?.getCoords(td)?.col;
  const item = col === undefined || col === null ? undefined : live.layout[col];
  const row = live.props.rows[Number(td.dataset.ptRow)];
  if (item?.kind === 'data' && row !== undefined && item.column.tooltip?.(row)) return;
  cutTitle(td, td);
}

/** A cell of the totals row: the column's sum, the label in the first column without one, else empty. */
function renderTotal<T>(
  td: HTMLTableCellElement,
  col: number,
  p: GridProps<T>,
  layout: readonly LayoutItem<T>[],
): HTMLTableCellElement {
  const item = layout[col];
  delete td.dataset.ptRow;
  delete td.dataset.ptTone;
  delete td.dataset.ptKind;
  td.removeAttribute('title');
  td.classList.add('pt-table__cell', 'pt-table__cell--total');
  td.classList.remove(
    'pt-table__cell--num',
    'pt-table__cell--date',
    'pt-table__cell--clickable',
    'pt-table__cell--selected',
  );
  let text = '';
  if (item?.kind === 'data') {
    const total = p.totals?.[item.column.key];
    td.dataset.ptTotal = item.column.key;
    td.classList.toggle('pt-table__cell--num', isNumeric(item.column.type));
    if (total) text = formatTotal(item.column, total, p.locale);
    else if (p.totals && item.column.key === totalLabelKey(p.columns, p.totals)) text = p.totalLabel;
  } else delete td.dataset.ptTotal;
  td.dataset.ptSig = 'total';
  td.replaceChildren(text);
  return td;
}

function HandsontableGridInner<T>(props: GridProps<T>) {
  const { rows, columns, actions, selectable, locale, height, view, labels, density, widths, totals } = props;
  const hotRef = useRef<HotTableRef>(null);
  const icons = useRef<HTMLDivElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);

  const layout = useMemo<LayoutItem<T>[]>(
    () => [
      ...(selectable ? [{ kind: 'select' } as const] : []),
      ...columns.map((column) => ({ kind: 'data', column }) as const),
      ...actions.map((action) => ({ kind: 'action', action }) as const),
    ],
    [selectable, columns, actions],
  );

  // Everything the renderers and hooks read, current on every call (they are created once per layout).
  const live = useRef({ props, layout });
  live.current = { props, layout };

  useEffect(() => {
    const el = wrapper.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // Column widths: selection, actions and the columns the user resized fixed; the other data columns share the rest
  // in proportion to their base widths, shrinking down to what their figures need (amounts, dates are never cut) or
  // the minimum, so that the actions stay in view; only then the grid scrolls sideways. A narrow grid
  // (NARROW_GRID) keeps the base widths and scrolls.
  const colWidths = useMemo(() => {
    const actionWidth = density === 'compact' ? COMPACT_ACTION_WIDTH : ACTION_WIDTH;
    const userWidth = (i: number) => {
      const item = layout[i];
      return item?.kind === 'data' ? widths?.[item.column.key] : undefined;
    };
    const base = layout.map((item, i) =>
      item.kind === 'select'
        ? SELECT_WIDTH
        : item.kind === 'action'
          ? actionWidth
          : (userWidth(i) ?? item.column.width ?? BASE_WIDTH[item.column.type ?? 'text']),
    );
    if (!width || width < NARROW_GRID) return base;
    const isFlexible = (i: number) => layout[i]?.kind === 'data' && userWidth(i) === undefined;
    const fixed = base.reduce((sum, w, i) => (isFlexible(i) ? sum : sum + w), 0);
    const flexible = base.reduce((sum, w, i) => (isFlexible(i) ? sum + w : sum), 0);
    // Leave room for the vertical scrollbar of a fixed-height grid.
    const available = width - fixed - (height ? 18 : 2);
    if (flexible <= 0 || available <= 0) return base;
    const style = wrapper.current ? getComputedStyle(wrapper.current) : null;
    const font = style
      ? `${style.getPropertyValue('--pt-text-sm').trim() || '13px'} ${style.fontFamily}`
      : '13px sans-serif';
    const sample = rows.slice(0, MEASURED_ROWS);
    const compact = density === 'compact';
    const sortedKey = view.sort?.key;
    const mins = layout.flatMap((item, i) => {
      if (!isFlexible(i) || item.kind !== 'data') return [];
      const { column } = item;
      // A compact header wraps on two lines, between words (and after a slash): it must fit in two.
      // Besides its text: padding, the sort arrow on the sorted column (the menu's button lies over the text when shown).
      const extras = CELL_PADDING[density] + (column.key === sortedKey ? 18 : 0) + 6;
      const header = compact ? twoLineWidth(headerWords(column.title), `600 ${font}`) + extras : 0;
      if (!isNumeric(column.type) && !isDate(column.type)) return [Math.max(MIN_WIDTH, Math.ceil(header))];
      const cells = textWidth(
        sample.map((row) => formatCell(column, row, locale)),
        font,
      );
      const total = totals?.[column.key];
      // The totals row is bold.
      const sum = total ? textWidth([formatTotal(column, total, locale)], `700 ${font}`) : 0;
      const needed = Math.ceil(Math.max(cells, sum)) + 2 * CELL_PADDING[density] + 4;
      return [Math.max(MIN_WIDTH, needed, Math.ceil(header))];
    });
    const fitted = fitWidths(
      base.filter((_, i) => isFlexible(i)),
      available,
      mins,
    );
    let next = 0;
    return base.map((w, i) => (isFlexible(i) ? (fitted[next++] ?? w) : w));
  }, [layout, width, height, widths, density, rows, locale, totals, view.sort?.key]);

  const renderer = useCallback(
    (_hot: Handsontable.Core, td: HTMLTableCellElement, rowIndex: number, col: number): HTMLTableCellElement => {
      const { props: p, layout: l } = live.current;
      const item = l[col];
      const row = p.rows[rowIndex];
      if (p.totals && rowIndex === p.rows.length && item) return renderTotal(td, col, p, l);
      td.dataset.ptRow = String(rowIndex);
      td.classList.remove('pt-table__cell--total');
      delete td.dataset.ptTotal;
      if (!item || row === undefined) {
        td.textContent = '';
        return td;
      }
      td.classList.add('pt-table__cell');
      if (item.kind === 'data') {
        const type = item.column.type;
        td.classList.toggle('pt-table__cell--num', isNumeric(type));
        td.classList.toggle('pt-table__cell--date', isDate(type));
        td.classList.toggle('pt-table__cell--clickable', p.rowClickable);
        td.classList.remove('pt-table__cell--selected');
        delete td.dataset.ptKind;
        const tone = item.column.tone?.(row);
        if (tone) td.dataset.ptTone = tone;
        else delete td.dataset.ptTone;
        const tooltip = item.column.tooltip?.(row);
        if (tooltip) td.title = tooltip;
        else td.removeAttribute('title');
        const text = formatCell(item.column, row, p.locale);
        if (td.dataset.ptSig !== 'text' || td.textContent !== text) {
          td.textContent = text;
          td.dataset.ptSig = 'text';
        }
        return td;
      }
      td.classList.remove('pt-table__cell--num', 'pt-table__cell--date', 'pt-table__cell--clickable');
      delete td.dataset.ptTone;
      const key = p.rowKey(row);
      if (item.kind === 'select') {
        td.dataset.ptKind = 'select';
        const checked = p.view.selected.has(key);
        let input = td.firstElementChild as HTMLInputElement | null;
        if (td.dataset.ptSig !== 'select' || !input || input.tagName !== 'INPUT') {
          td.replaceChildren();
          input = document.createElement('input');
          input.type = 'checkbox';
          input.tabIndex = -1;
          input.className = 'pt-table__check';
          input.dataset.ptSelect = '';
          td.appendChild(input);
          td.dataset.ptSig = 'select';
        }
        input.checked = checked;
        input.setAttribute('aria-label', p.labels.selectRow);
        td.classList.toggle('pt-table__cell--selected', checked);
        return td;
      }
      // An action: hidden on this row, its icon button, or the confirm button of a two-step action.
      td.classList.remove('pt-table__cell--selected');
      const { action } = item;
      td.dataset.ptKind = 'action';
      const hidden = action.hidden?.(row) ?? false;
      const confirming = !hidden && p.view.confirm?.rowKey === key && p.view.confirm.actionId === action.id;
      const sig = `action|${action.id}|${hidden ? 'hidden' : confirming ? 'confirm' : 'idle'}|${action.label}`;
      if (td.dataset.ptSig === sig) return td;
      td.dataset.ptSig = sig;
      td.replaceChildren();
      if (hidden) return td;
      const button = document.createElement('button');
      button.type = 'button';
      // Reached with Tab as well as with the arrows (Enter or Space on its cell).
      button.tabIndex = 0;
      button.dataset.ptAction = action.id;
      const name = confirming ? p.labels.confirm(action.label) : action.label;
      button.setAttribute('aria-label', name);
      button.title = name;
      button.className = confirming ? 'pt-table__action pt-table__action--confirm' : 'pt-table__action';
      if (action.id === 'delete' || action.icon === 'delete') button.classList.add('pt-table__action--danger');
      const icon = iconNode(icons.current, confirming ? 'confirm' : (action.icon ?? 'more'));
      if (icon) button.appendChild(icon);
      td.appendChild(button);
      return td;
    },
    [],
  );

  const columnSettings = useMemo(
    () => layout.map(() => ({ data: 0, renderer, readOnly: true, editor: false as const })),
    [layout, renderer],
  );

  const colHeaders = useCallback((col: number) => {
    const item = live.current.layout[col];
    return item?.kind === 'data' ? headerText(item.column.title) : '';
  }, []);

  const afterGetColHeader = useCallback((col: number, th: HTMLTableCellElement) => {
    if (col < 0) return;
    const { props: p, layout: l } = live.current;
    const item = l[col];
    const container = th.querySelector<HTMLElement>('div.relative') ?? th;
    container.querySelector('.pt-table__hextra')?.remove();
    th.classList.add('pt-table__th');
    th.removeAttribute('aria-sort');
    delete th.dataset.ptCol;
    delete th.dataset.ptKind;
    th.classList.remove('pt-table__th--sortable', 'pt-table__th--num');
    if (!item) return;
    if (item.kind === 'select') {
      th.dataset.ptKind = 'select';
      const extra = document.createElement('span');
      extra.className = 'pt-table__hextra pt-table__hextra--select';
      const input = document.createElement('input');
      input.type = 'checkbox';
      input.tabIndex = -1;
      input.className = 'pt-table__check';
      input.dataset.ptSelectAll = '';
      input.checked = p.view.allSelected === 'all';
      input.indeterminate = p.view.allSelected === 'some';
      input.setAttribute('aria-label', p.labels.selectAll);
      extra.appendChild(input);
      container.appendChild(extra);
      return;
    }
    if (item.kind === 'action') {
      // No visible title: the column is named by its action for screen readers.
      th.dataset.ptKind = 'action';
      const extra = document.createElement('span');
      extra.className = 'pt-table__hextra pt-sr-only';
      extra.textContent = item.action.label;
      container.appendChild(extra);
      return;
    }
    const { column } = item;
    th.dataset.ptCol = column.key;
    th.classList.toggle('pt-table__th--num', isNumeric(column.type));
    const sortable = column.sortable !== false;
    const sorted = ariaSort(p.view.sort, column.key);
    if (sortable) {
      th.classList.add('pt-table__th--sortable');
      th.setAttribute('aria-sort', sorted);
    }
    const extra = document.createElement('span');
    extra.className = 'pt-table__hextra';
    if (sorted !== 'none') {
      const indicator = document.createElement('span');
      indicator.className = 'pt-table__sort';
      indicator.title = sorted === 'ascending' ? p.labels.sortedAsc : p.labels.sortedDesc;
      const icon = iconNode(icons.current, sorted === 'ascending' ? 'asc' : 'desc');
      if (icon) indicator.appendChild(icon);
      extra.appendChild(indicator);
    }
    const menu = document.createElement('button');
    menu.type = 'button';
    menu.tabIndex = -1;
    menu.className = 'pt-table__hmenu';
    menu.classList.toggle('pt-table__hmenu--active', p.view.filtered.has(column.key));
    menu.dataset.ptMenu = column.key;
    menu.setAttribute('aria-label', p.labels.columnMenu(column.title));
    menu.setAttribute('aria-haspopup', 'dialog');
    menu.title = p.labels.columnMenu(column.title);
    const icon = iconNode(icons.current, 'filter');
    if (icon) menu.appendChild(icon);
    extra.appendChild(menu);
    container.appendChild(extra);
  }, []);

  /** Header clicks sort instead of selecting the column; clicks on buttons and checkboxes do not move the selection. */
  // At run time the controller has `row`, `column` and `cell` (true = do not change that selection); the
  // published type says otherwise.
  const beforeOnCellMouseDown = useCallback(
    (event: MouseEvent, coords: { row: number | null }, _td: HTMLElement, controller: object) => {
      const target = event.target as HTMLElement | null;
      const header = (coords.row ?? 0) < 0;
      if (header || target?.closest('button, input')) {
        Object.assign(controller, { row: true, column: true, cell: header });
      }
    },
    [],
  );

  /** Our keys; returning false tells Handsontable not to handle the key itself (no move after Enter). */
  const beforeKeyDown = useCallback((event: KeyboardEvent): false | undefined => {
    // A row's button reached with Tab handles its own keys (Enter and Space click it), not the grid's selection.
    if (event.target instanceof HTMLElement && event.target.closest('td [data-pt-action]')) return false;
    const hot = hotRef.current?.hotInstance;
    const highlight = hot?.getSelectedRangeLast()?.highlight;
    if (!hot || !highlight || highlight.row === null || highlight.col === null) return undefined;
    const focus = { row: highlight.row, col: highlight.col };
    const { props: p, layout: l } = live.current;
    const item = l[focus.col];
    if (!item) return undefined;
    const plain = !event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey;
    const enter = event.key === 'Enter' && plain;
    const space = event.key === ' ' && plain;
    const handled = (act: () => void): false => {
      event.preventDefault();
      act();
      return false;
    };
    // Tab from a header or a cell goes to the next row's button from the focused row on (the header clones come
    // after the rows in the DOM, so the browser's own order would skip them); without one, out of the grid.
    if (event.key === 'Tab' && !event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey) {
      const from = Math.max(focus.row, 0);
      const next = Array.from(
        hot.rootElement.querySelectorAll<HTMLElement>('.ht_master td[data-pt-row] [data-pt-action]'),
      ).find((b) => Number(b.closest<HTMLElement>('td')?.dataset.ptRow) >= from);
      if (next) return handled(() => next.focus());
      return undefined;
    }
    if (focus.row < 0) {
      if (item.kind === 'select' && (enter || space)) return handled(p.onToggleAll);
      if (item.kind === 'data' && enter && item.column.sortable !== false)
        return handled(() => p.onSort(item.column.key));
      if (item.kind === 'data' && event.key === 'ArrowDown' && event.altKey) {
        const button = hot.getCell(-1, focus.col, true)?.querySelector<HTMLElement>('[data-pt-menu]');
        if (button) return handled(() => p.onOpenMenu(item.column.key, button));
      }
      return undefined;
    }
    const row = p.rows[focus.row];
    if (row === undefined) return undefined;
    if (item.kind === 'select' && (enter || space)) return handled(() => p.onToggleRow(row));
    if (item.kind === 'action' && (enter || space))
      return handled(() => {
        if (!item.action.hidden?.(row)) p.onAction(item.action, row);
      });
    if (item.kind === 'data' && enter && p.rowClickable) return handled(() => p.onRowClick(row));
    return undefined;
  }, []);

  const onClick = useCallback((event: React.MouseEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const { props: p } = live.current;
    const menu = target.closest<HTMLElement>('[data-pt-menu]');
    if (menu) {
      p.onOpenMenu(menu.dataset.ptMenu ?? '', menu);
      return;
    }
    if (target.closest('[data-pt-select-all]') || target.closest('th[data-pt-kind="select"]')) {
      event.preventDefault();
      p.onToggleAll();
      return;
    }
    const th = target.closest<HTMLElement>('th[data-pt-col]');
    if (th) {
      const key = th.dataset.ptCol ?? '';
      if (p.columns.find((c) => c.key === key)?.sortable !== false) p.onSort(key);
      return;
    }
    const td = target.closest<HTMLElement>('td[data-pt-row]');
    const row = td ? p.rows[Number(td.dataset.ptRow)] : undefined;
    if (!td || row === undefined) return;
    const actionButton = target.closest<HTMLElement>('[data-pt-action]');
    if (actionButton) {
      const action = p.actions.find((a) => a.id === actionButton.dataset.ptAction);
      if (action && !action.hidden?.(row)) p.onAction(action, row);
      return;
    }
    if (td.dataset.ptKind === 'select') {
      event.preventDefault();
      p.onToggleRow(row);
      return;
    }
    if (td.dataset.ptKind === 'action') return;
    if (p.rowClickable) p.onRowClick(row);
  }, []);

  /** A user's drag of a column border: the data column's new width, kept per table. */
  const afterColumnResize = useCallback((newSize: number, col: number) => {
    const item = live.current.layout[col];
    if (item?.kind === 'data') live.current.props.onResize(item.column.key, newSize);
  }, []);

  /** Hover on a cell or header whose text is cut: its whole text as the tooltip. */
  useEffect(() => {
    const el = wrapper.current;
    if (!el) return;
    const onMouseOver = (event: MouseEvent) => showCutText(event.target as HTMLElement, hotRef.current, live.current);
    el.addEventListener('mouseover', onMouseOver);
    return () => el.removeEventListener('mouseover', onMouseOver);
  }, []);

  // The data: one entry per row of the page (the renderers read the row itself),
  // and one more for the totals row.
  const hasTotals = totals !== null;
  const data = useMemo(() => {
    const list = rows.map((_, i) => [i]);
    if (hasTotals) list.push([rows.length]);
    return list;
  }, [rows, hasTotals]);
  // The settings that change after the grid exists. The column widths go to the resize plugin as well: it holds the
  // widths it draws (a user's drag, then ours again once the drag is stored).
  const rowHeight = density === 'compact' ? COMPACT_ROW_HEIGHT : ESTIMATED_ROW_HEIGHT;
  const dynamic = useMemo(
    () => ({
      columns: columnSettings,
      colWidths,
      manualColumnResize: colWidths,
      rowHeights: rowHeight,
      // A virtualised grid keeps its totals row in view.
      fixedRowsBottom: hasTotals && height ? 1 : 0,
      height: height ?? ('auto' as const),
      language: locale === 'it' ? 'it-IT' : 'en-US',
    }),
    [columnSettings, colWidths, rowHeight, hasTotals, height, locale],
  );

  // The Handsontable element is created once, with the settings of the first render; later changes go to
  // Handsontable directly: updateData for new rows, updateSettings for the rest. The React wrapper would pass
  // every prop, the data included, to updateSettings on each of its renders: 100,000 rows reloaded for a new
  // column width.
  const applied = useRef<{ hot: Handsontable | null; data: number[][]; dynamic: typeof dynamic }>({
    hot: null,
    data,
    dynamic,
  });
  useEffect(() => {
    const hot = hotRef.current?.hotInstance ?? null;
    if (!hot) return;
    const last = applied.current;
    // A new instance (a remount) started from the first settings: bring it up to date as well.
    const fresh = last.hot !== hot;
    if (fresh || last.dynamic !== dynamic) hot.updateSettings(dynamic);
    if (fresh || last.data !== data) hot.updateData(data);
    applied.current = { hot, data, dynamic };
  }, [data, dynamic]);

  // The grid's accessible name (Handsontable gives its root element the treegrid role) and its keys.
  const keysId = useId();
  useEffect(() => {
    const root = hotRef.current?.hotInstance?.rootElement;
    root?.setAttribute('aria-label', props.label);
    root?.setAttribute('aria-describedby', keysId);
  }, [props.label, keysId]);

  // Handsontable makes its scroll holders (role presentation) focusable with tabindex -1: a presentational element
  // that is focusable keeps its place in the tree, between the treegrid and its rows (axe aria-required-children,
  // critical). Without the attribute they are plain containers again.
  // Called with the instance as `this`: also on the first render, before the ref is set.
  const afterRender = useCallback(function (this: Handsontable) {
    for (const holder of this.rootElement.querySelectorAll('[role="presentation"][tabindex]')) {
      holder.removeAttribute('tabindex');
    }
  }, []);

  // Redraw when what the renderers show changes without new data (sort arrows, selection, confirm buttons).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the renderers read these through `live`.
  useEffect(() => {
    hotRef.current?.hotInstance?.render();
  }, [view, labels, locale, props.rowKey, totals]);

  const [grid] = useState<ReactNode>(() => (
    <HotTable
      ref={hotRef}
      licenseKey={LICENSE_KEY}
      theme={THEME}
      data={applied.current.data}
      {...applied.current.dynamic}
      // Init-only: a grid that switches between all rows and virtualised is a new grid (the caller's key).
      renderAllRows={height === undefined}
      colHeaders={colHeaders}
      rowHeaders={false}
      afterColumnResize={afterColumnResize}
      width="100%"
      readOnly
      editor={false}
      fillHandle={false}
      outsideClickDeselects
      selectionMode="single"
      navigableHeaders
      tabNavigation={false}
      autoWrapRow={false}
      autoWrapCol={false}
      afterGetColHeader={afterGetColHeader}
      beforeOnCellMouseDown={beforeOnCellMouseDown}
      beforeKeyDown={beforeKeyDown}
      afterRender={afterRender}
    />
  ));

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: delegated clicks; keys are handled by the grid (beforeKeyDown).
    <div
      ref={wrapper}
      className="pt-table__grid"
      data-virtual={height ? 'true' : 'false'}
      data-density={density}
      onClick={onClick}
    >
      <div ref={icons} hidden>
        {Object.entries(ICONS).map(([name, Icon]) => (
          <Icon key={name} data-pt-icon={name} size={18} aria-hidden="true" focusable="false" />
        ))}
      </div>
      {grid}
      <p id={keysId} className="pt-table__keys" data-testid="table-keys">
        {labels.keys}
      </p>
    </div>
  );
}

/** Memoised: re-renders only for new props (the page, the columns, the view). */
export const HandsontableGrid = memo(HandsontableGridInner) as typeof HandsontableGridInner;
