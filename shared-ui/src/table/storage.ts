// Per-table preferences in localStorage, by table id: the user's column visibility choices and the page size.
export interface TablePrefs {
  /** Column key -> shown (true) or hidden (false), for the columns the user changed. */
  columns: Record<string, boolean>;
  pageSize?: number;
}

export const tablePrefsKey = (id: string) => `patrimonio.table.${id}`;

export function readTablePrefs(id: string): TablePrefs {
  try {
    const raw = localStorage.getItem(tablePrefsKey(id));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (!parsed || typeof parsed !== 'object') return { columns: {} };
    const { columns, pageSize } = parsed as Partial<TablePrefs>;
    const clean: Record<string, boolean> = {};
    if (columns && typeof columns === 'object')
      for (const [k, v] of Object.entries(columns)) if (typeof v === 'boolean') clean[k] = v;
    return typeof pageSize === 'number' ? { columns: clean, pageSize } : { columns: clean };
  } catch {
    return { columns: {} };
  }
}

export function writeTablePrefs(id: string, prefs: TablePrefs): void {
  try {
    localStorage.setItem(tablePrefsKey(id), JSON.stringify(prefs));
  } catch {
    // Private mode or full storage: the choice lasts for this page only.
  }
}
