// Approve and reject through the generic mutation wrapper: the toast names how many this call decided and how many
// someone else had (Decision.alreadyDecided); a refusal says why (409 oversold with the server's line, 403, 404).
// Afterwards the answers it changes are refetched, the side menu's badge among them (the shell's 'pendingCount'
// query is in the same shared cache): after an approval every figure may change, so every answer is.
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import type { Decision } from '@patrimonio/shared-api';
import {
  CAUSE_LABELS,
  formatDate,
  numberLocale,
  queryClient,
  type ToastMessage,
  useApiMutation,
} from '@patrimonio/shared-ui';
import { decisionMessages, type OversoldLine, oversoldDetail, refusalMessage } from './logic.ts';

/** The answers a reject, an edit or an import changes (the pending and rejected lists, the badge, the movement lists). */
export const PENDING_ROUTES = [
  'pendingMovements',
  'pendingCount',
  'rejectedMovements',
  'listMovements',
  'getMovement',
] as const;

/**
 * Refetch after a decision or an edit, whether it went through or was refused (the list may have moved on), or after
 * an import (its rows wait: the lists and the badge change, no figure does).
 */
export function refreshAfter(kind: 'approve' | 'reject' | 'edit' | 'import'): Promise<unknown> {
  if (kind === 'approve') return queryClient.invalidateQueries();
  return Promise.all(PENDING_ROUTES.map((name) => queryClient.invalidateQueries({ queryKey: [name] })));
}

export const decisionText = (i18n: I18n, kind: 'approved' | 'rejected', d: Decision): string =>
  decisionMessages(kind, d)
    .map((m) => i18n._(m))
    .join(' ');

/** The oversold line in the reader's language: the cause translated, the date and quantities as they read them. */
export function oversoldText(i18n: I18n, line: OversoldLine): string {
  const quantity = new Intl.NumberFormat(numberLocale(), { maximumFractionDigits: 6 });
  const cause = CAUSE_LABELS[line.cause];
  return i18n._(
    oversoldDetail({
      cause: cause ? i18n._(cause) : line.cause,
      sold: quantity.format(line.sold),
      isin: line.isin,
      instrumentName: line.instrumentName,
      date: formatDate(line.date),
      accountName: line.accountName,
      held: quantity.format(line.held),
    }),
  );
}

/** A refusal in words: the portal's lead and, for a 409 oversold, the line (or the server's message); else undefined. */
export function refusalString(i18n: I18n, error: unknown): string | undefined {
  const refusal = refusalMessage(error);
  if (!refusal) return undefined;
  const detail = refusal.line ? oversoldText(i18n, refusal.line) : refusal.detail;
  return detail ? `${i18n._(refusal.lead)} ${detail}` : i18n._(refusal.lead);
}

/** The toast of a refusal, or undefined for the generic error. */
export const refusalText = (i18n: I18n, error: unknown): ToastMessage | undefined => refusalString(i18n, error);

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
      // A refusal naming a line (409 oversold) stays on the page after the toast has gone.
      if (refusalMessage(error)?.code === 'oversold') onRefused?.(refusalString(i18n, error) ?? '');
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
