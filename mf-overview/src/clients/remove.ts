// The rows of the clients and families tables: open (the overview) and delete. Deleting shows a loading toast,
// then 'Eliminato correttamente'; the selection is cleared if it was the deleted one, and the affected lists
// refetch. Delete errors are only logged (data-and-admin section 8).
import {
  api,
  mutationMessages,
  navigate,
  queryClient,
  sessionStore,
  type TableAction,
  toast,
} from '@patrimonio/shared-ui';
import { clientStatus, isClosed } from './model.ts';
import { CLIENT_WRITES, FAMILY_WRITES } from './queries.ts';

type OwnerRow = { id: number; subscribe: boolean; trial: boolean; trialUntil?: string | null };

/**
 * A client's or family's row actions: open (its overview; not for an inactive one), the tab's own actions, then
 * delete (two-step). `open` and `closed` also serve the row click.
 */
export function ownerRows<T extends OwnerRow>(
  kind: 'client' | 'family',
  labels: { open: string; delete: string },
  own: TableAction<T>[],
): { open: (row: T) => void; closed: (row: T) => boolean; actions: TableAction<T>[] } {
  const open = (row: T) => navigate(`/${kind}/${row.id}/overview`);
  const closed = (row: T) => isClosed(clientStatus(row));
  const actions: TableAction<T>[] = [
    { id: 'open', label: labels.open, icon: 'open', onClick: open, hidden: closed },
    ...own,
    {
      id: 'delete',
      label: labels.delete,
      icon: 'delete',
      confirm: true,
      onClick: (row) => void removeOwner(kind, row.id),
    },
  ];
  return { open, closed, actions };
}

export async function removeOwner(kind: 'client' | 'family', id: number): Promise<void> {
  const toastId = toast.loading(mutationMessages.loading);
  try {
    if (kind === 'client') await api('deleteClient', { params: { id } });
    else await api('deleteFamily', { params: { id } });
    toast.success(mutationMessages.deleted, { id: toastId });
    const sel = sessionStore.get().selection;
    if (sel?.kind === kind && sel.id === id) sessionStore.set({ selection: null });
    const writes = kind === 'client' ? CLIENT_WRITES : FAMILY_WRITES;
    await Promise.all(writes.map((n) => queryClient.invalidateQueries({ queryKey: [n] })));
  } catch (error) {
    toast.dismiss(toastId);
    console.error(`${kind === 'client' ? 'Client' : 'Family'} delete failed`, error);
  }
}
