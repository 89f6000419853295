// Table preferences in localStorage. Per table id: the user's column visibility choices, the page size and the
// widths of the columns the user resized. Per user, for every table: the density (issue 22), chosen from any table.
import { useSyncExternalStore } from 'react';
import { sessionStore } from '../session/store.ts';

export interface TablePrefs {
  /** Column key -> shown (true) or hidden (false), for the columns the user changed. */
  columns: Record<string, boolean>;
  pageSize?: number;
  /** Column key -> width in px, for the columns the user resized. */
  widths?: Record<string, number>;
}

export const tablePrefsKey = (id: string) => `patrimonio.table.${id}`;

/** Narrowest and widest a resized column is kept. */
export const RESIZE_MIN = 56;
export const RESIZE_MAX = 900;
/** One step of the column menu's "Allarga colonna" / "Restringi colonna" (the keyboard's resizing). */
export const RESIZE_STEP = 24;

const clampWidth = (w: number) => Math.round(Math.min(RESIZE_MAX, Math.max(RESIZE_MIN, w)));

export function readTablePrefs(id: string): TablePrefs {
  try {
    const raw = localStorage.getItem(tablePrefsKey(id));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (!parsed || typeof parsed !== 'object') return { columns: {} };
    const { columns, pageSize, widths } = parsed as Partial<TablePrefs>;
    const clean: Record<string, boolean> = {};
    if (columns && typeof columns === 'object')
      for (const [k, v] of Object.entries(columns)) if (typeof v === 'boolean') clean[k] = v;
    const prefs: TablePrefs = { columns: clean };
    if (typeof pageSize === 'number') prefs.pageSize = pageSize;
    if (widths && typeof widths === 'object') {
      const w: Record<string, number> = {};
      for (const [k, v] of Object.entries(widths))
        if (typeof v === 'number' && Number.isFinite(v)) w[k] = clampWidth(v);
      if (Object.keys(w).length) prefs.widths = w;
    }
    return prefs;
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

/** A resized column's width, kept within RESIZE_MIN and RESIZE_MAX. */
export function withWidth(prefs: TablePrefs, key: string, width: number): TablePrefs {
  return { ...prefs, widths: { ...prefs.widths, [key]: clampWidth(width) } };
}

// ---- Density, per user ------------------------------------------------------------------------------------

/** Comfortable: the spec's 64 px rows; compact: 38 px rows, tighter padding, headers on two lines. */
export type TableDensity = 'comfortable' | 'compact';

/** The density's key: one per signed-in user (their id), so that two users of one browser keep their own. */
export const densityKey = (userId: number | string | null | undefined) =>
  `patrimonio.tableDensity.${userId ?? 'anonymous'}`;

const densityListeners = new Set<() => void>();
const currentUserId = () => sessionStore.get().user?.id ?? null;

export function readDensity(userId: number | string | null | undefined = currentUserId()): TableDensity {
  try {
    return localStorage.getItem(densityKey(userId)) === 'compact' ? 'compact' : 'comfortable';
  } catch {
    return 'comfortable';
  }
}

/** Stores the user's density and tells every table on the page. */
export function writeDensity(density: TableDensity, userId: number | string | null | undefined = currentUserId()) {
  try {
    localStorage.setItem(densityKey(userId), density);
  } catch {
    // Private mode: every table on the page still follows (the listeners read the value below).
  }
  memory = density;
  for (const l of densityListeners) l();
}

let memory: TableDensity | null = null;

function subscribeDensity(listener: () => void) {
  densityListeners.add(listener);
  // A change of user (sign-out, another sign-in) reads that user's density.
  const unsubscribe = sessionStore.subscribe(() => {
    memory = null;
    listener();
  });
  return () => {
    densityListeners.delete(listener);
    unsubscribe();
  };
}

const snapshot = (): TableDensity => memory ?? readDensity();

/** The signed-in user's table density, and the setter every table's toggle uses. */
export function useTableDensity(): [TableDensity, (d: TableDensity) => void] {
  const density = useSyncExternalStore(subscribeDensity, snapshot, snapshot);
  return [density, writeDensity];
}
