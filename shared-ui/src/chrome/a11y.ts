// Small accessibility helpers shared by the chrome's dialogs, drawer and menus.
import { type RefObject, useEffect, useRef } from 'react';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  // (Not an input taken out of the tab order: the date picker's hidden native input, which only opens the calendar.)
  'input:not([disabled]):not([type="hidden"]):not([tabindex="-1"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The focusable, rendered elements inside a container, in tab order of the document. */
export function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.getClientRects().length > 0);
}

/** Keeps Tab and Shift+Tab inside the container. */
export function trapTab(event: KeyboardEvent | React.KeyboardEvent, root: HTMLElement | null): void {
  if (event.key !== 'Tab' || !root) return;
  const items = focusableIn(root);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) {
    event.preventDefault();
    root.focus();
    return;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !root.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !root.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * While `active`, remembers the element that had focus when it became active (or the given opener) and
 * gives focus back to it when it stops being active or unmounts.
 */
export function useReturnFocus(active: boolean, opener?: () => HTMLElement | null): void {
  const saved = useRef<HTMLElement | null>(null);
  const openerRef = useRef(opener);
  openerRef.current = opener;
  useEffect(() => {
    if (!active) return;
    const fromOpener = openerRef.current?.() ?? null;
    saved.current = fromOpener ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    return () => {
      const el = saved.current;
      saved.current = null;
      if (el?.isConnected) el.focus({ preventScroll: true });
    };
  }, [active]);
}

/** Calls `onOutside` on a pointer press outside all the given elements, while `active`. */
export function useOutsidePress(
  refs: RefObject<HTMLElement | null>[],
  active: boolean,
  onOutside: (event: PointerEvent) => void,
): void {
  const handler = useRef(onOutside);
  handler.current = onOutside;
  const refsRef = useRef(refs);
  refsRef.current = refs;
  useEffect(() => {
    if (!active) return;
    const listener = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (target && refsRef.current.some((r) => r.current?.contains(target))) return;
      handler.current(event);
    };
    document.addEventListener('pointerdown', listener, true);
    return () => document.removeEventListener('pointerdown', listener, true);
  }, [active]);
}
