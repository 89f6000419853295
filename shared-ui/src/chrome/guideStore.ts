// Opening and closing the Q&A guide from anywhere (footer, pages, other apps): a tiny module-level store.
import { useSyncExternalStore } from 'react';

interface GuideState {
  open: boolean;
  /** Section to open and scroll to, if the opener asked for one. */
  section: number | null;
  /** The element that had focus when the guide was opened; focus returns to it. */
  opener: HTMLElement | null;
}

let state: GuideState = { open: false, section: null, opener: null };
const listeners = new Set<() => void>();

function set(next: GuideState) {
  state = next;
  for (const l of listeners) l();
}

/** Opens the guide drawer, optionally at a section (0 to 5). */
export function openGuide(section?: number): void {
  const active = typeof document !== 'undefined' ? document.activeElement : null;
  set({
    open: true,
    section: section ?? null,
    opener: state.open ? state.opener : active instanceof HTMLElement ? active : null,
  });
}

export function closeGuide(): void {
  if (state.open) set({ ...state, open: false, section: null });
}

export function useGuide(): GuideState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
    () => state,
  );
}
