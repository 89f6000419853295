// The quick client switcher's logic (issue 22), pure but for localStorage: the recent clients of each user and the
// page a chosen client opens.
import type { Client } from '@patrimonio/shared-api';
import { clientDisplayName } from '../session/store.ts';

/** A client as the switcher lists it. */
export interface SwitcherClient {
  id: number;
  name: string;
  taxCode: string | null;
  vat: string | null;
}

/** How many recent clients a user keeps. */
export const RECENT_MAX = 5;
/** Characters typed before the switcher asks the server. */
export const SWITCHER_MIN_CHARS = 2;

export const recentClientsKey = (userId: number | string) => `patrimonio.recentClients.${userId}`;

export function toSwitcherClient(c: Pick<Client, 'id'> & Partial<Client>): SwitcherClient {
  return { id: c.id, name: clientDisplayName(c), taxCode: c.taxCode ?? null, vat: c.vat ?? null };
}

export function readRecentClients(userId: number | string): SwitcherClient[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(recentClientsKey(userId)) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((c): c is SwitcherClient => Boolean(c) && Number.isInteger(c.id) && typeof c.name === 'string')
      .slice(0, RECENT_MAX);
  } catch {
    return [];
  }
}

/** The list with the client first (moved up if it was there), at most RECENT_MAX. */
export function withRecent(list: readonly SwitcherClient[], client: SwitcherClient): SwitcherClient[] {
  return [client, ...list.filter((c) => c.id !== client.id)].slice(0, RECENT_MAX);
}

export function rememberClient(userId: number | string, client: SwitcherClient): SwitcherClient[] {
  const next = withRecent(readRecentClients(userId), client);
  try {
    localStorage.setItem(recentClientsKey(userId), JSON.stringify(next));
  } catch {
    // Private mode: the list lasts for this page.
  }
  return next;
}

/** The client pages a switch keeps: on /client/7/position, choosing client 9 opens /client/9/position. */
const KEPT_SECTIONS = new Set([
  'overview',
  'position',
  'performance',
  'financials',
  'real-estate',
  'family-business',
  'art-luxury',
  'human-capital',
  'goals',
  'infos',
  'widgets',
]);

/** Where a chosen client opens: the same section as the current client page, else the overview. */
export function switchTarget(clientId: number, currentPath: string): string {
  const section = /^\/(?:client|family)\/[^/]+\/([^/?#]+)/.exec(currentPath)?.[1];
  return `/client/${clientId}/${section && KEPT_SECTIONS.has(section) ? section : 'overview'}`;
}
