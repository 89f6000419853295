// Whose report the dialog makes and who asks: the selected client or family (a BASIC user's own client), the role
// and the name, from the session the root config keeps.
import type { ReportSettingsQuery, Role, UserProfile } from '@patrimonio/shared-api';
import { type Selection, useSession } from '@patrimonio/shared-ui';
import { useMemo } from 'react';
import type { ReportScope, ReportViewer } from '../report/types.ts';

export interface ReportContext {
  role: Role;
  viewer: ReportViewer;
  scope: ReportScope;
  isFamily: boolean;
  /** The calls' clientId or familyId; none for a BASIC user (the server answers with their own client). */
  query: ReportSettingsQuery;
}

/** The report's context, or null when there is nobody to report on (signed out, no client or family selected). */
export function reportContext(
  user: UserProfile | null,
  selection: Pick<Selection, 'kind' | 'id'> | null,
): ReportContext | null {
  if (!user) return null;
  const viewer = { role: user.role, name: user.name };
  if (user.role === 'BASIC') {
    if (user.clientId === null) return null;
    return { role: user.role, viewer, scope: { kind: 'client', id: user.clientId }, isFamily: false, query: {} };
  }
  if (!selection) return null;
  const isFamily = selection.kind === 'family';
  return {
    role: user.role,
    viewer,
    scope: { kind: selection.kind, id: selection.id },
    isFamily,
    query: isFamily ? { familyId: selection.id } : { clientId: selection.id },
  };
}

export function useReportContext(): ReportContext | null {
  const { user, selection } = useSession();
  // The selection object changes as the client loads; the context only follows who and whose.
  const kind = selection?.kind;
  const id = selection?.id;
  return useMemo(
    () => reportContext(user, kind === undefined || id === undefined ? null : { kind, id }),
    [user, kind, id],
  );
}
