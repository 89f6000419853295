// Approve and reject through the generic mutation wrapper: the toast names how many this call decided and how many
// someone else had (Decision.alreadyDecided); a refusal says why (409 oversold with the server's line, 403, 404).
// Afterwards the answers it changes are refetched, the side menu's badge among them (the shell's 'pendingCount'
// query is in the same shared cache): after an approval every figure may change, so every answer is.
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import type { Decision } from '@patrimonio/shared-api';
import { queryClient, type ToastMessage, useApiMutation } from '@patrimonio/shared-ui';
import { decisionMessages, refusalMessage } from './logic.ts';

/** The answers a reject or an edit changes (the pending and rejected lists, the badge, the movement lists). */
export const PENDING_ROUTES = [
  'pendingMovements',
  'pendingCount',
  'rejectedMovements',
  'listMovements',
  'getMovement',
] as const;

/** Refetch after a decision or an edit, whether it went through or was refused (the list may have moved on). */
export function refreshAfter(kind: 'approve' | 'reject' | 'edit'): Promise<unknown> {
  if (kind === 'approve') return queryClient.invalidateQueries();
  return Promise.all(PENDING_ROUTES.map((name) => queryClient.invalidateQueries({ queryKey: [name] })));
}

export const decisionText = (i18n: I18n, kind: 'approved' | 'rejected', d: Decision): string =>
  decisionMessages(kind, d)
    .map((m) => i18n._(m))
    .join(' ');

/** The toast of a refusal, or undefined for the generic error. */
export function refusalText(i18n: I18n, error: unknown): ToastMessage | undefined {
  const refusal = refusalMessage(error);
  if (!refusal) return undefined;
  return refusal.detail ? `${i18n._(refusal.lead)} ${refusal.detail}` : refusal.lead;
}

/**
 * approve(ids) and reject(ids, reason): true when the call went through. `onRefused` gets a refusal that names a
 * line (409 oversold), for the page to keep on screen after the toast has gone.
 */
export function useDecisions(onRefused?: (text: string) => void) {
  const { i18n } = useLingui();
  const approveCall = useApiMutation('approveMovements', {
    success: (d) => decisionText(i18n, 'approved', d),
    error: (e) => refusalText(i18n, e),
  });
  const rejectCall = useApiMutation('rejectMovements', {
    success: (d) => decisionText(i18n, 'rejected', d),
    error: (e) => refusalText(i18n, e),
  });

  const approve = async (ids: number[]): Promise<boolean> => {
    try {
      await approveCall.mutateAsync({ body: { ids } });
      return true;
    } catch (error) {
      const refusal = refusalMessage(error);
      if (refusal?.detail) onRefused?.(`${i18n._(refusal.lead)} ${refusal.detail}`);
      return false;
    } finally {
      void refreshAfter('approve');
    }
  };
  /** Throws a refusal, for the reject dialog to show (a 400 on the reason lands on its field). */
  const reject = async (ids: number[], reason: string): Promise<void> => {
    try {
      await rejectCall.mutateAsync({ body: { ids, reason } });
    } finally {
      void refreshAfter('reject');
    }
  };
  return { approve, reject, busy: approveCall.isPending || rejectCall.isPending };
}
