// Whose data a dialog writes: the route's client, a member of the route's family (chosen in the dialog with the
// owner picker), or the BASIC user's own client.
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { OwnerScope } from '../data/scope.ts';
import { Select } from '../forms/TextInputs.tsx';
import { clientDisplayName, useSession } from '../session/store.ts';

export interface Owner {
  id: number;
  name: string;
}

/** The clients a new item may belong to: the route's client, the family's members, or the user's own client. */
export function useOwners(scope: OwnerScope): Owner[] {
  const { selection, user } = useSession();
  if (scope.kind === 'client') {
    const name =
      selection?.kind === 'client' && selection.id === scope.clientId ? clientDisplayName(selection.client) : '';
    return [{ id: scope.clientId, name }];
  }
  if (scope.kind === 'family') {
    return selection?.kind === 'family' && selection.id === scope.familyId
      ? (selection.family?.users ?? []).map((u) => ({ id: u.id, name: u.name }))
      : [];
  }
  return user?.clientId ? [{ id: user.clientId, name: user.name }] : [];
}

/** The owner a new item starts with: the only possible one, or none (to be chosen). */
export function defaultOwner(owners: readonly Owner[]): number | null {
  return owners.length === 1 ? owners[0]!.id : null;
}

/** The family member a new item belongs to (a required select, "Intestatario"). */
export function OwnerPicker(props: {
  owners: readonly Owner[];
  value: number | null;
  onChange: (id: number | null) => void;
  error?: ReactNode;
  label?: ReactNode;
  name?: string;
  'data-testid'?: string;
}) {
  const { t } = useLingui();
  return (
    <Select
      label={props.label ?? <Trans>Intestatario</Trans>}
      required
      name={props.name ?? 'owner'}
      placeholder={t`Scegli un membro della famiglia`}
      error={props.error}
      value={props.value === null ? '' : String(props.value)}
      options={props.owners.map((o) => ({ value: String(o.id), label: o.name }))}
      onChange={(v) => props.onChange(v ? Number(v) : null)}
      data-testid={props['data-testid']}
    />
  );
}
