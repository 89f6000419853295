// Deleting a client or a family from its table: a loading toast, then 'Eliminato correttamente'; the selection
// is cleared if it was the deleted one, and the affected lists refetch. Delete errors are only logged
// (data-and-admin section 8).
import { api, mutationMessages, queryClient, sessionStore, toast } from '@patrimonio/shared-ui';
import { CLIENT_WRITES, FAMILY_WRITES } from './queries.ts';

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
