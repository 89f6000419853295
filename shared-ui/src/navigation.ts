// Navigation through single-spa's history handling, and a hook that follows the current location.
import { type AnchorHTMLAttributes, createElement, type MouseEvent, useSyncExternalStore } from 'react';
import { navigateToUrl } from 'single-spa';

function subscribe(onChange: () => void) {
  window.addEventListener('popstate', onChange);
  window.addEventListener('single-spa:routing-event', onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener('single-spa:routing-event', onChange);
  };
}
const snapshot = () => window.location.pathname + window.location.search;

/** The current path and query, re-rendering on every navigation. */
export function useLocation(): { pathname: string; search: string; href: string } {
  const href = useSyncExternalStore(subscribe, snapshot, snapshot);
  const url = new URL(href, window.location.origin);
  return { pathname: url.pathname, search: url.search, href };
}

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) {
    window.history.replaceState(window.history.state, '', to);
    // single-spa patches history and reroutes on replaceState too; this keeps React subscribers in step.
    window.dispatchEvent(new PopStateEvent('popstate'));
    return;
  }
  navigateToUrl(to);
}

/** An anchor that navigates inside the portal without a page load; modified clicks keep browser behaviour. */
export function Link(props: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  const { to, onClick, ...rest } = props;
  return createElement('a', {
    ...rest,
    href: to,
    onClick: (e: MouseEvent<HTMLAnchorElement>) => {
      onClick?.(e);
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      navigate(to);
    },
  });
}

/** The element a micro-frontend mounts into: its own child of the layout's main area. */
export function appMountPoint(name: string, parent?: HTMLElement): HTMLElement {
  const container = parent ?? document.getElementById('mf-container') ?? document.body;
  let el = document.getElementById(`mf-${name}`);
  if (!el || el.parentElement !== container) {
    el?.remove();
    el = document.createElement('div');
    el.id = `mf-${name}`;
    container.appendChild(el);
  }
  return el;
}
