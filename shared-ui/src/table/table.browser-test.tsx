/// <reference types="mocha" />
// DataTable in real Chromium, from the built shared-ui (its Handsontable chunk loads lazily, as in the portal):
// search (debounced), sort, page size, two-step delete, keyboard, 100,000 rows virtualised, and the XLSX export
// read back with read-excel-file (its browser bundle: the test runner does not resolve bare imports).
import '../../../node_modules/read-excel-file/bundle/read-excel-file.min.js';
// axe-core is a UMD script: imported for its effect, it sets window.axe.
import 'axe-core';
import { expect } from '@esm-bundle/chai';
import { I18nProvider } from '@lingui/react';
import {
  ALL_ROWS,
  COMPACT_ROW_HEIGHT,
  DataTable,
  type DataTableProps,
  densityKey,
  i18n,
  initI18n,
  injectStyles,
  loadLocale,
  setLocale,
  type TableAction,
  type TableColumn,
  tablePrefsKey,
} from '@patrimonio/shared-ui';
import { sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import type { AxeResults } from 'axe-core';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';

type ReadXlsx = (input: Blob) => Promise<{ sheet: string; data: unknown[][] }[]>;
const readXlsxFile = (globalThis as unknown as { readXlsxFile: ReadXlsx }).readXlsxFile;

interface Holding {
  id: number;
  name: string;
  value: number | null;
  quantity: number;
  date: string;
}

const holdings: Holding[] = [
  { id: 1, name: 'Enel', value: 1234.5, quantity: 10.5, date: '2026-11-21' },
  { id: 2, name: 'Eni', value: 99, quantity: 2, date: '2025-01-02' },
  { id: 3, name: 'Generali', value: -50.25, quantity: 1, date: '2024-12-31' },
  { id: 4, name: 'Intesa Sanpaolo', value: null, quantity: 3.125, date: '2026-03-15' },
  { id: 5, name: 'Stellantis', value: 10, quantity: 7, date: '2023-06-30' },
  { id: 6, name: 'Ferrari', value: 2000, quantity: 0.5, date: '2022-02-28' },
];

const columns: TableColumn<Holding>[] = [
  { key: 'name', title: 'Titolo', value: (r) => r.name },
  { key: 'value', title: 'Controvalore', value: (r) => r.value, type: 'money' },
  { key: 'quantity', title: 'Quantità', value: (r) => r.quantity, type: 'quantity' },
  { key: 'date', title: 'Data', value: (r) => r.date, type: 'date' },
];

let root: Root;
let host: HTMLElement;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const until = async (check: () => boolean, what: string, timeout = 5000) => {
  const end = Date.now() + timeout;
  while (Date.now() < end) {
    if (check()) return;
    await sleep(20);
  }
  throw new Error(`timed out waiting for ${what}`);
};

function render<T>(props: Partial<DataTableProps<T>> & Pick<DataTableProps<T>, 'columns' | 'rows'>) {
  const all = {
    id: 'test-holdings',
    label: 'Posizioni',
    rowKey: (r: T) => (r as { id: number }).id,
    ...props,
  } as DataTableProps<T>;
  flushSync(() =>
    root.render(
      <I18nProvider i18n={i18n}>
        <DataTable {...all} />
      </I18nProvider>,
    ),
  );
}

const q = <E extends Element = HTMLElement>(sel: string) => host.querySelector<E>(sel);
/** The body rows the grid has in the DOM (Handsontable's master table), as cell texts. */
const domRows = () =>
  [...host.querySelectorAll('.ht_master table.htCore tbody tr')].map((tr) =>
    [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ')),
  );
const names = () => domRows().map((r) => r[0]);
const range = () => q('[data-testid="table-range"]')?.textContent ?? '';
const gridReady = () => until(() => domRows().length > 0, 'the grid', 8000);

function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  setter.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}
function choose(select: HTMLSelectElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!;
  setter.call(select, value);
  select.dispatchEvent(new Event('change', { bubbles: true }));
}
const header = (key: string) => q<HTMLTableCellElement>(`.ht_clone_top th[data-pt-col="${key}"]`)!;
/** From the toolbar's last control (the CSV export), Tab into the grid: the focus on its first header ('name'). */
async function tabToFirstHeader() {
  q<HTMLButtonElement>('[data-testid="table-export-csv"]')!.focus();
  await sendKeys({ press: 'Tab' });
  await until(
    () => (document.activeElement as HTMLElement | null)?.dataset?.ptCol === 'name',
    'focus on the first header',
  );
}
/** The columns' widths settle once the grid knows its width: waits until the first one stays the same. */
async function widthsSettled() {
  let width = 0;
  await until(() => {
    const w = header('name').getBoundingClientRect().width;
    const settled = w === width;
    width = w;
    return settled;
  }, 'settled widths');
}

/** Captures the next download (the object URL's blob and the link's file name). */
function captureDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  let blob: Blob | undefined;
  const createObjectURL = URL.createObjectURL;
  const click = HTMLAnchorElement.prototype.click;
  URL.createObjectURL = (b: Blob | MediaSource) => {
    blob = b as Blob;
    return 'blob:captured';
  };
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    if (blob) files.push({ name: this.download, blob });
  };
  return {
    files,
    restore() {
      URL.createObjectURL = createObjectURL;
      HTMLAnchorElement.prototype.click = click;
    },
  };
}

before(async () => {
  injectStyles();
  await initI18n();
});
beforeEach(async () => {
  localStorage.clear();
  await setLocale('it');
  await setViewport({ width: 1280, height: 900 });
  host = document.createElement('div');
  host.style.width = '1100px';
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(() => {
  root.unmount();
  host.remove();
});

describe('DataTable', () => {
  it('loads the grid in its own chunk, with Handsontable styles, and formats cells by type', async () => {
    render({ columns, rows: holdings });
    // The wrapper shows a skeleton until the chunk is there (or the chunk is already cached).
    await gridReady();
    expect(document.getElementById('handsontable-core-styles'), 'Handsontable core styles').to.not.equal(null);
    expect(q('[role="treegrid"]')?.getAttribute('aria-label')).to.equal('Posizioni');
    const scripts = performance.getEntriesByType('resource').map((e) => e.name);
    expect(scripts.some((n) => /\/shared-ui\/dist\/chunks\/table\.[0-9a-f]+\.js$/.test(n))).to.equal(true);
    expect(names()).to.deep.equal(['Enel', 'Eni', 'Generali', 'Intesa Sanpaolo', 'Stellantis', 'Ferrari']);
    expect(domRows()[0]).to.deep.equal(['Enel', '1.234,50 €', '10,500', '21/11/2026']);
    expect(domRows()[3]?.[1]).to.equal('–');
    expect(range()).to.equal('1–6 di 6');
    expect(header('value').getAttribute('aria-sort')).to.equal('none');
  });

  it('follows the language: numbers, dates and the table texts, also when it changes', async () => {
    await setLocale('en');
    render({ columns, rows: holdings });
    await gridReady();
    expect(domRows()[0]).to.deep.equal(['Enel', '1,234.50 €', '10.500', '21/11/2026']);
    expect(range()).to.equal('1–6 of 6');
    await loadLocale('it');
    flushSync(() => void setLocale('it'));
    await until(() => range() === '1–6 di 6', 'Italian texts');
    await until(() => domRows()[0]?.[1] === '1.234,50 €', 'Italian numbers');
    expect(domRows()[0]).to.deep.equal(['Enel', '1.234,50 €', '10,500', '21/11/2026']);
    expect(q('.ht_clone_top [data-pt-menu="value"]')?.getAttribute('aria-label')).to.equal(
      'Menu della colonna Controvalore',
    );
    expect(q('[data-testid="table-export"]')?.textContent).to.equal('Esporta XLSX');
  });

  it('searches the visible columns after the 500 ms debounce', async () => {
    render({ columns, rows: holdings });
    await gridReady();
    const search = q<HTMLInputElement>('[data-testid="table-search"]')!;
    type(search, 'en');
    await sleep(250);
    expect(names(), 'not yet: debounced').to.have.length(6);
    await until(() => names().length === 3, 'the search to apply');
    expect(names()).to.deep.equal(['Enel', 'Eni', 'Generali']);
    expect(range()).to.equal('1–3 di 3');
    // Displayed text counts too: the Italian money format.
    type(search, '1.234,5');
    await until(() => names().length === 1, 'a search on the displayed amount');
    expect(names()).to.deep.equal(['Enel']);
    type(search, 'zzz');
    await until(() => Boolean(q('[data-testid="table-empty"]')), 'the no-match state');
  });

  it('sorts by header click: ascending, descending, then unsorted; empty values last', async () => {
    render({ columns, rows: holdings });
    await gridReady();
    header('value').click();
    await until(() => names()[0] === 'Generali', 'ascending order');
    expect(names()).to.deep.equal(['Generali', 'Stellantis', 'Eni', 'Enel', 'Ferrari', 'Intesa Sanpaolo']);
    expect(header('value').getAttribute('aria-sort')).to.equal('ascending');
    header('value').click();
    await until(() => names()[0] === 'Ferrari', 'descending order');
    expect(names()).to.deep.equal(['Ferrari', 'Enel', 'Eni', 'Stellantis', 'Generali', 'Intesa Sanpaolo']);
    expect(header('value').getAttribute('aria-sort')).to.equal('descending');
    header('value').click();
    await until(() => names()[0] === 'Enel', 'original order');
    expect(header('value').getAttribute('aria-sort')).to.equal('none');
  });

  it('applies the default sort and a column filter from the header menu', async () => {
    render({ columns, rows: holdings, defaultSort: { key: 'date', direction: 'desc' } });
    await gridReady();
    expect(names()).to.deep.equal(['Enel', 'Intesa Sanpaolo', 'Eni', 'Generali', 'Stellantis', 'Ferrari']);
    q<HTMLButtonElement>('.ht_clone_top [data-pt-menu="value"]')!.click();
    await until(() => Boolean(q('[data-testid="table-column-menu"]')), 'the column menu');
    type(q<HTMLInputElement>('[data-testid="table-filter-min"]')!, '50');
    q<HTMLButtonElement>('[data-testid="table-filter-apply"]')!.click();
    await until(() => names().length === 3, 'the filter');
    expect(names()).to.deep.equal(['Enel', 'Eni', 'Ferrari']);
    q<HTMLButtonElement>('[data-testid="table-clear-filters"]')!.click();
    await until(() => names().length === 6, 'the filters cleared');
  });

  it('filters dates typed day first (issue 22), and does not apply a date it cannot read', async () => {
    render({ columns, rows: holdings, defaultSort: { key: 'date', direction: 'desc' } });
    await gridReady();
    q<HTMLButtonElement>('.ht_clone_top [data-pt-menu="date"]')!.click();
    await until(() => Boolean(q('[data-testid="table-column-menu"]')), 'the column menu');
    const from = q<HTMLInputElement>('[data-testid="table-filter-from"]')!;
    const to = q<HTMLInputElement>('[data-testid="table-filter-to"]')!;
    // Text boxes in the portal's order, not the browser's date inputs; the first one has the focus.
    expect([from.type, to.type]).to.deep.equal(['text', 'text']);
    expect(document.activeElement).to.equal(from);
    expect(from.placeholder).to.equal('gg/mm/aaaa');
    type(from, '01/01/2025');
    type(to, '12/31/2026');
    q<HTMLButtonElement>('[data-testid="table-filter-apply"]')!.click();
    await sleep(50);
    // Month first is not a date here: the form stays open and nothing is filtered.
    expect(to.validity.valid).to.equal(false);
    expect(q('[data-testid="table-column-menu"]')).to.not.equal(null);
    expect(names().length).to.equal(6);
    type(to, '31.12.2026');
    q<HTMLButtonElement>('[data-testid="table-filter-apply"]')!.click();
    await until(() => names().length === 3, 'the date filter');
    expect(names()).to.deep.equal(['Enel', 'Intesa Sanpaolo', 'Eni']);
  });

  it('pages with the page sizes 5, 10, 20, 50 and all, and remembers the choice', async () => {
    const many = Array.from({ length: 23 }, (_, i) => ({ ...holdings[0]!, id: i + 1, name: `Titolo ${i + 1}` }));
    render({ columns, rows: many });
    await gridReady();
    const select = q<HTMLSelectElement>('[data-testid="table-page-size"]')!;
    expect([...select.options].map((o) => Number(o.value))).to.deep.equal([5, 10, 20, 50, ALL_ROWS]);
    expect(select.value).to.equal('10');
    expect(names()).to.have.length(10);
    expect(range()).to.equal('1–10 di 23');
    q<HTMLButtonElement>('[data-testid="table-next"]')!.click();
    await until(() => names()[0] === 'Titolo 11', 'page 2');
    choose(select, '5');
    await until(() => names().length === 5, 'five rows');
    expect(names()[0], 'back to page 1').to.equal('Titolo 1');
    expect(range()).to.equal('1–5 di 23');
    q<HTMLButtonElement>('[data-testid="table-last"]')!.click();
    await until(() => names()[0] === 'Titolo 21', 'the last page');
    expect(names()).to.have.length(3);
    choose(select, String(ALL_ROWS));
    await until(() => range() === '1–23 di 23', 'all rows');
    expect(JSON.parse(localStorage.getItem(tablePrefsKey('test-holdings')) ?? '{}').pageSize).to.equal(ALL_ROWS);
  });

  it('two-step delete: acts only on a second click within 2 s, and reverts after 2 s', async () => {
    const deleted: number[] = [];
    const edited: number[] = [];
    const actions: TableAction<Holding>[] = [
      { id: 'edit', label: 'Modifica', icon: 'edit', onClick: (r) => edited.push(r.id) },
      { id: 'delete', label: 'Elimina', icon: 'delete', confirm: true, onClick: (r) => deleted.push(r.id) },
    ];
    render({ columns, rows: holdings, actions });
    await gridReady();
    const button = (row: number, id: string) =>
      q<HTMLButtonElement>(`.ht_master td[data-pt-row="${row}"] button[data-pt-action="${id}"]`)!;
    expect(button(0, 'delete').getAttribute('aria-label')).to.equal('Elimina');
    button(0, 'edit').click();
    expect(edited, 'a plain action acts at once').to.deep.equal([1]);

    button(0, 'delete').click();
    await until(() => button(0, 'delete').getAttribute('aria-label') === 'Conferma: Elimina', 'the confirm button');
    expect(deleted).to.deep.equal([]);
    button(0, 'delete').click();
    expect(deleted).to.deep.equal([1]);
    await until(() => button(0, 'delete').getAttribute('aria-label') === 'Elimina', 'the button back');

    button(1, 'delete').click();
    await until(() => button(1, 'delete').getAttribute('aria-label') === 'Conferma: Elimina', 'the confirm button');
    await sleep(1500);
    expect(button(1, 'delete').getAttribute('aria-label'), 'still confirming at 1.5 s').to.equal('Conferma: Elimina');
    await until(() => button(1, 'delete').getAttribute('aria-label') === 'Elimina', 'the revert after 2 s', 1500);
    button(1, 'delete').click();
    expect(deleted, 'a click after the revert is a first click again').to.deep.equal([1]);
  });

  it('works from the keyboard: Enter on a row and on an action cell, Space on a checkbox', async () => {
    const clicked: number[] = [];
    const deleted: number[] = [];
    let selection: Holding[] = [];
    render({
      columns,
      rows: holdings,
      selectable: true,
      onSelectionChange: (rows) => {
        selection = rows;
      },
      onRowClick: (r) => clicked.push(r.id),
      actions: [{ id: 'delete', label: 'Elimina', icon: 'delete', confirm: true, onClick: (r) => deleted.push(r.id) }],
    });
    await gridReady();
    // Click the first data cell of row 2 (selects it in the grid) and use keys from there.
    const cell = q('.ht_master td[data-pt-row="1"]:not([data-pt-kind])')!;
    const box = cell.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(box.left + 10), Math.round(box.top + box.height / 2)] });
    expect(clicked, 'a click on a row').to.deep.equal([2]);
    await sendKeys({ press: 'Enter' });
    expect(clicked, 'Enter on a row').to.deep.equal([2, 2]);
    await sendKeys({ press: 'ArrowLeft' });
    await sendKeys({ press: 'Space' });
    await until(() => selection.length === 1, 'the row selected');
    expect(selection.map((r) => r.id)).to.deep.equal([2]);
    await sendKeys({ press: 'End' });
    await sendKeys({ press: 'Enter' });
    await until(
      () => q('.ht_master td[data-pt-row="1"] [data-pt-action]')?.getAttribute('aria-label') === 'Conferma: Elimina',
      'the confirm button',
    );
    expect(deleted).to.deep.equal([]);
    await sendKeys({ press: 'Enter' });
    expect(deleted).to.deep.equal([2]);
  });

  it('takes Tab into the grid (its first header: Enter sorts), arrows and Enter on a row, Tab out to the paging', async () => {
    const clicked: number[] = [];
    render({ columns, rows: holdings, onRowClick: (r) => clicked.push(r.id) });
    await gridReady();
    // The grid takes focus on its first header (navigable headers: Enter there sorts).
    await tabToFirstHeader();
    await sendKeys({ press: 'Enter' });
    await until(() => header('name').getAttribute('aria-sort') === 'ascending', 'Enter on the header to sort');
    expect(names()).to.deep.equal(['Enel', 'Eni', 'Ferrari', 'Generali', 'Intesa Sanpaolo', 'Stellantis']);
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'Enter' });
    expect(clicked).to.deep.equal([2]);
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement).to.equal(q('[data-testid="table-page-size"]'));
  });

  it("is a treegrid axe accepts, says its keys while it has the focus, and Tab reaches the rows' buttons", async () => {
    const edited: number[] = [];
    render({
      columns,
      rows: holdings.slice(0, 2),
      actions: [{ id: 'edit', label: 'Modifica', icon: 'edit', onClick: (r) => edited.push(r.id) }],
    });
    await gridReady();
    const grid = q('[role="treegrid"]')!;
    // No focusable presentational holder between the treegrid and its rows (axe aria-required-children, critical).
    expect(grid.querySelector('[role="presentation"][tabindex]')).to.equal(null);
    const axe = (window as unknown as { axe: { run: (c: Element) => Promise<AxeResults> } }).axe;
    const results = await axe.run(host);
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).to.deep.equal([]);
    // The keys: the grid's description, on screen only while the grid has the focus.
    const keys = q('[data-testid="table-keys"]')!;
    expect(grid.getAttribute('aria-describedby')).to.equal(keys.id);
    expect(keys.textContent).to.contain('Alt+Freccia giù');
    expect(keys.getBoundingClientRect().width).to.be.below(2);
    // From the toolbar's last control (CSV export) Tab enters the grid.
    q<HTMLButtonElement>('[data-testid="table-export-csv"]')!.focus();
    await sendKeys({ press: 'Tab' });
    await until(() => grid.contains(document.activeElement), 'focus in the grid');
    expect(keys.getBoundingClientRect().width).to.be.above(200);
    // Tab goes on to the first row's button; Enter presses it, once.
    await sendKeys({ press: 'Tab' });
    await until(
      () => (document.activeElement as HTMLElement | null)?.dataset?.ptAction === 'edit',
      'Tab on the button',
    );
    expect(document.activeElement?.closest('td')?.dataset.ptRow).to.equal('0');
    await sendKeys({ press: 'Enter' });
    await until(() => edited.length > 0, 'the action');
    await sendKeys({ press: 'Tab' });
    expect(edited).to.deep.equal([1]);
    expect((document.activeElement as HTMLElement | null)?.closest('td')?.dataset.ptRow).to.equal('1');
  });

  it('virtualises 100,000 rows: few rows in the DOM, the right ones after scrolling', async () => {
    // The stocks page: 100,000 rows on one page, sorted by name.
    const rows = Array.from({ length: 100_000 }, (_, i) => ({
      id: i + 1,
      name: `Titolo ${100_000 - i}`,
      value: i * 1.5,
      quantity: i,
      date: '2026-01-01',
    }));
    const started = performance.now();
    render({
      columns,
      rows,
      defaultPageSize: ALL_ROWS,
      defaultSort: { key: 'name', direction: 'asc' },
      id: 'test-stocks',
    });
    await gridReady();
    const elapsed = performance.now() - started;
    expect(names().slice(0, 3)).to.deep.equal(['Titolo 1', 'Titolo 2', 'Titolo 3']);
    expect(range()).to.equal('1–100000 di 100000');
    const inDom = domRows().length;
    expect(inDom, 'rows in the DOM').to.be.greaterThan(5).and.lessThan(100);
    expect(q('.pt-table__grid')?.dataset.virtual).to.equal('true');
    const holder = q('.ht_master .wtHolder')!;
    holder.scrollTop = 64 * 50_000;
    holder.dispatchEvent(new Event('scroll'));
    await until(() => names().some((n) => n === 'Titolo 50001'), 'row 50,001 after scrolling');
    expect(domRows().length).to.be.lessThan(100);
    // A search over 100,000 rows (the searchable text is built on the first search).
    const searchStarted = performance.now();
    type(q<HTMLInputElement>('[data-testid="table-search"]')!, 'titolo 99999');
    await until(() => range() === '1–1 di 1', 'the search over 100,000 rows', 8000);
    const searched = performance.now() - searchStarted - 500;
    console.log(
      `100,000 rows: grid in ${Math.round(elapsed)} ms, ${inDom} rows in the DOM, search in ${Math.round(searched)} ms after the debounce`,
    );
  });

  it('exports the filtered, sorted rows and the visible columns as XLSX values that read back equal', async () => {
    const downloads = captureDownloads();
    try {
      render({ columns, rows: holdings, exportName: 'posizioni' });
      await gridReady();
      // Hide the quantity column, sort by value descending, search 'e' (drops none of... see below).
      q<HTMLButtonElement>('[data-testid="table-columns"]')!.click();
      await until(() => Boolean(q('[data-testid="table-column-toggle-quantity"]')), 'the columns menu');
      q<HTMLButtonElement>('[data-testid="table-column-toggle-quantity"]')!.click();
      await until(() => domRows()[0]?.length === 3, 'three columns');
      expect(JSON.parse(localStorage.getItem(tablePrefsKey('test-holdings')) ?? '{}').columns).to.deep.equal({
        quantity: false,
      });
      header('value').click();
      header('value').click();
      type(q<HTMLInputElement>('[data-testid="table-search"]')!, 'i');
      await until(() => names().length === 5, 'the search');
      expect(names()).to.deep.equal(['Ferrari', 'Eni', 'Stellantis', 'Generali', 'Intesa Sanpaolo']);

      q<HTMLButtonElement>('[data-testid="table-export"]')!.click();
      await until(() => downloads.files.length === 1, 'the download', 8000);
      const file = downloads.files[0]!;
      expect(file.name).to.equal('posizioni.xlsx');
      expect(file.blob.size).to.be.greaterThan(0);
      const [sheet] = await readXlsxFile(file.blob);
      expect(sheet?.data).to.deep.equal([
        ['Titolo', 'Controvalore', 'Data'],
        ['Ferrari', 2000, new Date(Date.UTC(2022, 1, 28))],
        ['Eni', 99, new Date(Date.UTC(2025, 0, 2))],
        ['Stellantis', 10, new Date(Date.UTC(2023, 5, 30))],
        ['Generali', -50.25, new Date(Date.UTC(2024, 11, 31))],
        ['Intesa Sanpaolo', null, new Date(Date.UTC(2026, 2, 15))],
      ]);
    } finally {
      downloads.restore();
    }
  });

  it('shows loading, error and empty states with the page toolbar', async () => {
    const toolbar = <button type="button">Aggiungi</button>;
    render<Holding>({ columns, rows: undefined, loading: true, toolbar });
    await until(() => Boolean(q('[data-testid="table-skeleton"]')), 'the skeleton');
    expect(q('[aria-busy="true"]')).to.not.equal(null);
    render<Holding>({ columns, rows: [], error: 'Errore del server', toolbar });
    await until(() => Boolean(q('[data-testid="table-error"]')), 'the error');
    expect(q('[data-testid="table-error"]')!.textContent).to.contain('Errore del server');
    render<Holding>({ columns, rows: [], emptyText: 'Nessuna posizione', toolbar });
    await until(() => Boolean(q('[data-testid="table-empty"]')), 'the empty state');
    expect(q('[data-testid="table-empty"]')!.textContent).to.contain('Nessuna posizione');
    expect(host.textContent).to.contain('Aggiungi');
  });
});

/** The height of the grid's first body row. */
const rowHeight = () => q('.ht_master table.htCore tbody tr')?.getBoundingClientRect().height ?? 0;
const totalCell = (key: string) =>
  q(`.ht_master td[data-pt-total="${key}"]`)?.textContent?.replace(/[\u00a0\u202f]/g, ' ') ?? null;

describe('DataTable for advisers (issue 22)', () => {
  it('switches to compact rows from the toolbar, for every table, kept for the user', async () => {
    render({ columns, rows: holdings });
    await gridReady();
    const toggle = q<HTMLButtonElement>('[data-testid="table-density"]')!;
    expect(toggle.getAttribute('aria-pressed')).to.equal('false');
    expect(Math.round(rowHeight())).to.equal(64);
    toggle.click();
    await until(() => Math.round(rowHeight()) === COMPACT_ROW_HEIGHT, 'compact rows');
    expect(toggle.getAttribute('aria-pressed')).to.equal('true');
    expect(q('.pt-table__grid')?.dataset.density).to.equal('compact');
    // Kept per user (no one is signed in here: the anonymous key), not per table.
    expect(localStorage.getItem(densityKey(null))).to.equal('compact');
    expect(localStorage.getItem(densityKey(42))).to.equal(null);
    render({ columns, rows: holdings, id: 'another-table' });
    await until(() => domRows().length === 6, 'the other table');
    await until(() => Math.round(rowHeight()) === COMPACT_ROW_HEIGHT, 'compact rows in another table');
    q<HTMLButtonElement>('[data-testid="table-density"]')!.click();
    await until(() => Math.round(rowHeight()) === 64, 'comfortable rows again');
    expect(localStorage.getItem(densityKey(null))).to.equal('comfortable');
  });

  it('resizes a column by dragging its header border, and keeps the width for the table', async () => {
    render({ columns, rows: holdings });
    await gridReady();
    await widthsSettled();
    await sleep(100);
    const before = header('name').getBoundingClientRect();
    // Hovering the header shows the resize handle at its right border; drag it 120 px to the right.
    const y = Math.round(before.top + before.height / 2);
    await sendMouse({ type: 'move', position: [Math.round(before.left + before.width / 2), y] });
    await until(() => Boolean(q('.manualColumnResizer')), 'the resize handle');
    const handle = q('.manualColumnResizer')!.getBoundingClientRect();
    const x = Math.round(handle.left + handle.width / 2);
    const hy = Math.round(handle.top + handle.height / 2);
    await sendMouse({ type: 'move', position: [x, hy] });
    await sendMouse({ type: 'down' });
    await sendMouse({ type: 'move', position: [x + 60, hy] });
    await sendMouse({ type: 'move', position: [x + 120, hy] });
    await sendMouse({ type: 'up' });
    await until(
      () => Boolean(JSON.parse(localStorage.getItem(tablePrefsKey('test-holdings')) ?? '{}').widths?.name),
      'the width stored',
    );
    const stored = JSON.parse(localStorage.getItem(tablePrefsKey('test-holdings')) ?? '{}').widths.name as number;
    expect(stored).to.be.closeTo(before.width + 120, 8);
    await until(() => Math.abs(header('name').getBoundingClientRect().width - stored) < 2, 'the new width drawn');
    // A new grid of the same table starts at that width.
    render<Holding>({ columns, rows: [] });
    render({ columns, rows: holdings });
    await gridReady();
    await until(() => Math.abs(header('name').getBoundingClientRect().width - stored) < 2, 'the width kept');
  });

  it('shows the whole text of a cut cell or header on hover, and no tooltip on a cell that fits', async () => {
    const long = 'Banca Popolare di Sondrio Società Cooperativa per Azioni, obbligazione subordinata 2031';
    const wide: TableColumn<Holding>[] = [
      ...columns,
      { key: 'name2', title: 'Denominazione completa del titolo in portafoglio', value: (r) => r.name },
    ];
    host.style.width = '640px';
    render({ columns: wide, rows: [{ ...holdings[0]!, name: long }, ...holdings.slice(1)] });
    await gridReady();
    const hover = (el: Element) => el.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    const cut = q('.ht_master td[data-pt-row="0"]:not([data-pt-kind])')!;
    hover(cut);
    expect(cut.getAttribute('title')).to.equal(long);
    const fits = q('.ht_master td[data-pt-row="1"]:not([data-pt-kind])')!;
    hover(fits);
    expect(fits.hasAttribute('title'), 'Eni fits').to.equal(false);
    const th = header('name2');
    hover(th.querySelector('.colHeader')!);
    expect(th.getAttribute('title')).to.equal('Denominazione completa del titolo in portafoglio');
  });

  it('adds a totals row: the money columns summed over every page, after search; none across currencies', async () => {
    const many = [...holdings, ...holdings.map((h) => ({ ...h, id: h.id + 10 }))];
    render({ columns, rows: many, totals: true, defaultPageSize: 5 });
    await gridReady();
    // 2 x (1234.5 + 99 - 50.25 + 10 + 2000), the empty value left out; on page 1 of 3.
    expect(totalCell('value')).to.equal('6.586,50 €');
    expect(totalCell('name')).to.equal('Totale');
    expect(totalCell('quantity'), 'quantities are not summed').to.equal('');
    expect(range()).to.equal('1–5 di 12');
    type(q<HTMLInputElement>('[data-testid="table-search"]')!, 'enel');
    await until(() => totalCell('value') === '2.469,00 €', 'the total of the rows found');
    // A column in euros and dollars gets no sum.
    const mixed: TableColumn<Holding>[] = columns.map((c) =>
      c.key === 'value' ? { ...c, currencySymbol: (r: Holding) => (r.id === 2 ? '$' : '€') } : c,
    );
    root.unmount();
    root = createRoot(host);
    render({ columns: mixed, rows: holdings, totals: true, id: 'mixed' });
    await until(() => totalCell('value') === '', 'no sum across currencies');
    expect(totalCell('name')).to.equal('Totale');
  });

  it('draws a totals table whose money symbol is read from the row while loading, empty, then with rows', async () => {
    // The sold real estate's shape: a money column whose symbol comes from the row (r.currencySymbol) in a list that
    // is still loading or empty. The totals asked the missing first row for its symbol and the table showed its error.
    interface Sold {
      id: number;
      description: string;
      soldValue: number | null;
      currencySymbol: string;
    }
    const soldColumns: TableColumn<Sold>[] = [
      { key: 'description', title: 'Descrizione', value: (r) => r.description },
      {
        key: 'soldValue',
        title: 'Prezzo di vendita',
        type: 'money',
        value: (r) => r.soldValue,
        currencySymbol: (r) => r.currencySymbol,
      },
    ];
    const failed = () => (host.textContent ?? '').includes('Impossibile caricare la tabella');
    render<Sold>({ columns: soldColumns, rows: undefined, loading: true, totals: true, id: 'sold' });
    await until(() => Boolean(q('[data-testid="table-skeleton"]')), 'the skeleton');
    render<Sold>({ columns: soldColumns, rows: [], totals: true, id: 'sold', emptyText: 'Nessun immobile venduto.' });
    await until(() => Boolean(q('[data-testid="table-empty"]')) || failed(), 'the empty list');
    expect(failed(), 'no error for an empty list').to.equal(false);
    expect(q('[data-testid="table-empty"]')!.textContent).to.contain('Nessun immobile venduto.');
    const sold: Sold[] = [
      { id: 1, description: 'Villa al mare', soldValue: 420_000, currencySymbol: '€' },
      { id: 2, description: 'Box auto', soldValue: null, currencySymbol: '€' },
    ];
    render<Sold>({ columns: soldColumns, rows: sold, totals: true, id: 'sold' });
    await gridReady();
    expect(totalCell('soldValue')).to.equal('420.000,00 €');
    expect(totalCell('description')).to.equal('Totale');
    // Every figure missing: a sum of nothing, in the rows' currency.
    render<Sold>({ columns: soldColumns, rows: [sold[1]!], totals: true, id: 'sold' });
    await until(() => totalCell('soldValue') === '0,00 €', 'a sum of no figure');
    expect(failed()).to.equal(false);
  });

  it('ends the CSV and XLSX exports with the totals row the table shows, in the language in use', async () => {
    const downloads = captureDownloads();
    try {
      render({ columns, rows: holdings, totals: true, label: 'Titoli' });
      await gridReady();
      type(q<HTMLInputElement>('[data-testid="table-search"]')!, 'en');
      // Enel, Eni, Generali: the totals of the rows shown.
      await until(() => totalCell('value') === '1.283,25 €', 'the search');
      q<HTMLButtonElement>('[data-testid="table-export-csv"]')!.click();
      await until(() => downloads.files.length === 1, 'the CSV download');
      const lines = (await downloads.files[0]!.blob.text()).split('\r\n');
      expect(lines.slice(1, -1)).to.deep.equal([
        'Enel;1234,5;10,5;2026-11-21',
        'Eni;99;2;2025-01-02',
        'Generali;-50,25;1;2024-12-31',
        'Totale;1283,25;;',
      ]);
      q<HTMLButtonElement>('[data-testid="table-export"]')!.click();
      await until(() => downloads.files.length === 2, 'the XLSX download');
      const [sheet] = await readXlsxFile(downloads.files[1]!.blob);
      expect(sheet?.data.at(-1)).to.deep.equal(['Totale', 1283.25, null, null]);

      await loadLocale('en');
      flushSync(() => void setLocale('en'));
      await until(() => q('[data-testid="table-export-csv"]')?.textContent === 'Export CSV', 'English');
      q<HTMLButtonElement>('[data-testid="table-export-csv"]')!.click();
      await until(() => downloads.files.length === 3, 'the English CSV');
      expect((await downloads.files[2]!.blob.text()).split('\r\n').at(-2)).to.equal('Total,1283.25,,');
      q<HTMLButtonElement>('[data-testid="table-export"]')!.click();
      await until(() => downloads.files.length === 4, 'the English XLSX');
      const [english] = await readXlsxFile(downloads.files[3]!.blob);
      expect(english?.data.at(-1)).to.deep.equal(['Total', 1283.25, null, null]);
    } finally {
      downloads.restore();
    }
  });

  it('narrows and widens a column from its menu by keyboard only, kept for the table like a drag', async () => {
    render({ columns, rows: holdings });
    await gridReady();
    await widthsSettled();
    await tabToFirstHeader();
    const before = Math.round(header('name').getBoundingClientRect().width);
    await sendKeys({ down: 'Alt' });
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ up: 'Alt' });
    await until(() => Boolean(q('[data-testid="table-column-menu"]')), 'the column menu');
    const widthText = () => q('[data-testid="table-column-width"]')?.textContent ?? '';
    expect(widthText()).to.equal(`Larghezza: ${before} px`);
    // Tab through the menu to "Allarga colonna".
    const widen = q<HTMLButtonElement>('[data-testid="table-column-widen"]')!;
    expect(widen.textContent).to.equal('Allarga colonna');
    for (let i = 0; i < 8 && document.activeElement !== widen; i++) await sendKeys({ press: 'Tab' });
    expect(document.activeElement).to.equal(widen);
    await sendKeys({ press: 'Enter' });
    await sendKeys({ press: ' ' });
    const stored = () => JSON.parse(localStorage.getItem(tablePrefsKey('test-holdings')) ?? '{}').widths?.name;
    await until(() => stored() === before + 48, 'two steps stored');
    await until(() => Math.abs(header('name').getBoundingClientRect().width - (before + 48)) < 2, 'drawn wider');
    expect(widthText()).to.equal(`Larghezza: ${before + 48} px`);
    // Not sorted by the Enter (the header's own key).
    expect(header('name').getAttribute('aria-sort')).to.equal('none');
    // Shift+Tab to "Restringi colonna": one step back.
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ up: 'Shift' });
    expect(document.activeElement).to.equal(q('[data-testid="table-column-narrow"]'));
    await sendKeys({ press: 'Enter' });
    await until(() => stored() === before + 24, 'one step narrower');
    await sendKeys({ press: 'Escape' });
    await until(() => !q('[data-testid="table-column-menu"]'), 'the menu closed');
    // A new grid of the same table starts at that width.
    render<Holding>({ columns, rows: [] });
    render({ columns, rows: holdings });
    await gridReady();
    await until(() => Math.abs(header('name').getBoundingClientRect().width - (before + 24)) < 2, 'the width kept');
  });

  it('exports CSV beside XLSX: same columns, Italian dialect (";" and comma decimals), English in English', async () => {
    const downloads = captureDownloads();
    try {
      render({ columns, rows: holdings.slice(0, 2), label: 'Titoli in portafoglio' });
      await gridReady();
      q<HTMLButtonElement>('[data-testid="table-export-csv"]')!.click();
      await until(() => downloads.files.length === 1, 'the CSV download');
      const it = downloads.files[0]!;
      expect(it.name).to.equal('titoli-in-portafoglio.csv');
      const bytes = new Uint8Array(await it.blob.arrayBuffer());
      expect([...bytes.slice(0, 3)], 'UTF-8 byte-order mark').to.deep.equal([0xef, 0xbb, 0xbf]);
      // (text() drops the byte-order mark.)
      expect(await it.blob.text()).to.equal(
        'Titolo;Controvalore;Quantità;Data\r\nEnel;1234,5;10,5;2026-11-21\r\nEni;99;2;2025-01-02\r\n',
      );
      q<HTMLButtonElement>('[data-testid="table-export"]')!.click();
      await until(() => downloads.files.length === 2, 'the XLSX download');
      expect(downloads.files[1]?.name).to.equal('titoli-in-portafoglio.xlsx');
      const [sheet] = await readXlsxFile(downloads.files[1]!.blob);
      expect(sheet?.sheet).to.equal('Titoli in portafoglio');

      await loadLocale('en');
      flushSync(() => void setLocale('en'));
      render({ columns, rows: holdings.slice(0, 2), label: 'Securities held' });
      await until(() => q('[data-testid="table-export-csv"]')?.textContent === 'Export CSV', 'English');
      q<HTMLButtonElement>('[data-testid="table-export-csv"]')!.click();
      await until(() => downloads.files.length === 3, 'the English CSV');
      expect(downloads.files[2]?.name).to.equal('securities-held.csv');
      expect((await downloads.files[2]!.blob.text()).split('\r\n')[1]).to.equal('Enel,1234.5,10.5,2026-11-21');
    } finally {
      downloads.restore();
    }
  });
});
