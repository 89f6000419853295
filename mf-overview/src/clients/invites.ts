// Which clients this user has invited, so that the invite action becomes resend (data-and-admin section 4:
// invite, then resend). The API's client has no invitation state yet, so the browser remembers it per user.
import { useSyncExternalStore } from 'react';

const KEY = 'patrimonio.invitedClients';
const listeners = new Set<() => void>();
let cache: string | null | undefined;
let parsed: ReadonlySet<string> = new Set();

function read(): ReadonlySet<string> {
  let raw: string | null;
  try {
    raw = localStorage.getItem(KEY);
  } catch {
    // Private mode: what this page remembered.
    return parsed;
  }
  if (raw !== cache) {
    cache = raw;
    try {
      const list: unknown = raw ? JSON.parse(raw) : [];
      parsed = new Set(Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : []);
    } catch {
      parsed = new Set();
    }
  }
  return parsed;
}

const entry = (userId: string, clientId: number) => `${userId}:${clientId}`;

export function markInvited(userId: string, clientId: number): void {
  const next = new Set(read());
  next.add(entry(userId, clientId));
  try {
    localStorage.setItem(KEY, JSON.stringify([...next]));
  } catch {
    // Private mode: remembered for this page only.
    parsed = next;
  }
  for (const l of listeners) l();
}

function subscribe(l: () => void) {
  listeners.add(l);
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY) l();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(l);
    window.removeEventListener('storage', onStorage);
  };
}

/** Whether the signed-in user has invited a client (re-renders when that changes, in this tab or another). */
export function useInvited(userId: string | undefined): (clientId: number) => boolean {
  const set = useSyncExternalStore(subscribe, read, read);
  return (clientId) => (userId ? set.has(entry(userId, clientId)) : false);
}
