// Protected-route behaviour for the selected client or family (spec section 2): for non-BASIC roles the
// client (id or subscriptionId) or family (familyId) in the route is loaded; a failure, or a client with
// neither subscription nor trial, sends the user to /. Selecting resets the status to idle.
import {
  api,
  navigate,
  type RouteMatch,
  type Selection,
  type SessionState,
  selectionFromParams,
  sessionStore,
} from '@patrimonio/shared-ui';

export type SelectionVerdict = 'none' | 'ready' | 'load' | 'loading' | 'denied';

/** Pure: what the route's selection needs, given the session. */
export function evaluateSelection(match: RouteMatch, session: SessionState): SelectionVerdict {
  if (!session.user || session.user.role === 'BASIC') return 'none';
  const wanted = selectionFromParams(match.params);
  if (!wanted) return 'none';
  if (!Number.isInteger(wanted.id)) return 'denied';
  const sel = session.selection;
  if (!sel || sel.kind !== wanted.kind || sel.id !== wanted.id) return 'load';
  if (sel.status === 'error') return 'denied';
  if (sel.status !== 'succeded') return 'loading';
  const state = sel.kind === 'client' ? sel.client : sel.family;
  const active = Boolean(state && (state.subscribe || state.trial));
  // A subscription page for a client who is already subscribed is also sent away.
  if (!active || (wanted.subscription && state?.subscribe)) return 'denied';
  return 'ready';
}

/** Effects of a verdict: start loading, clear the selection, or leave for /. */
export function applySelection(match: RouteMatch, verdict: SelectionVerdict): void {
  if (verdict === 'none') {
    if (sessionStore.get().selection) sessionStore.set({ selection: null });
    return;
  }
  if (verdict === 'denied') {
    sessionStore.set({ selection: null });
    navigate('/', { replace: true });
    return;
  }
  if (verdict !== 'load') return;
  const wanted = selectionFromParams(match.params);
  if (!wanted) return;
  const sel: Selection = { kind: wanted.kind, id: wanted.id, status: 'idle' };
  sessionStore.set({ selection: sel });
  void load(sel);
}

async function load(sel: Selection) {
  let loaded: Selection;
  try {
    loaded =
      sel.kind === 'client'
        ? { ...sel, status: 'succeded', client: await api('getClient', { params: { id: sel.id } }) }
        : { ...sel, status: 'succeded', family: await api('getFamily', { params: { id: sel.id } }) };
  } catch {
    // Failure to load the client or family: silent redirect to / (the verdict turns 'denied').
    loaded = { ...sel, status: 'error' };
  }
  const current = sessionStore.get().selection;
  if (current?.kind === sel.kind && current.id === sel.id) sessionStore.set({ selection: loaded });
}
