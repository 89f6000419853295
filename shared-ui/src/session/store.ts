// Session state shared by the root config (which writes it) and every app (which reads it): the signed-in
// user, the access token and the selected client or family. Lives in shared-ui, a singleton in the page.

import type { Client, Family, UserProfile } from '@patrimonio/shared-api';
import { useSyncExternalStore } from 'react';

export type SelectionStatus = 'idle' | 'succeded' | 'error';

/** The selected client or family (spec: Selected client: id, status, user, subscribe, trial). */
export type Selection =
  | { kind: 'client'; id: number; status: SelectionStatus; client?: Client }
  | { kind: 'family'; id: number; status: SelectionStatus; family?: Family };

export interface SessionState {
  /** 'loading' until the stored sign-in is read; then signed in or not. */
  status: 'loading' | 'signed-in' | 'signed-out';
  user: UserProfile | null;
  accessToken: string | null;
  /** Seconds since epoch when the access token expires. */
  expiresAt: number | null;
  selection: Selection | null;
}

type Listener = () => void;

function createStore<T>(initial: T) {
  let state = initial;
  const listeners = new Set<Listener>();
  return {
    get: () => state,
    set(patch: Partial<T>) {
      state = { ...state, ...patch };
      for (const l of listeners) l();
    },
    subscribe(l: Listener) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}

export const sessionStore = createStore<SessionState>({
  status: 'loading',
  user: null,
  accessToken: null,
  expiresAt: null,
  selection: null,
});

export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}

/** Impersonation is detected by an impersonator in the profile (spec section 6). */
export const isImpersonating = (user: UserProfile | null | undefined) => Boolean(user?.impersonator);

/** Display name fallback: name, company name, first and last name, vat, tax code (data-and-admin section 3). */
export function clientDisplayName(c: Partial<Client> | null | undefined): string {
  if (!c) return '';
  const full = [c.firstName, c.lastName].filter(Boolean).join(' ');
  return c.name || c.companyName || full || c.vat || c.taxCode || '';
}

export function selectionName(selection: Selection | null): string {
  if (!selection) return '';
  return selection.kind === 'client' ? clientDisplayName(selection.client) : (selection.family?.name ?? '');
}
