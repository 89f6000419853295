// A save made of several calls (a company's name, holders and yearly figures go through separate routes): one
// loading toast, one success toast (or the error toast), and the affected answers refetched even when a later call
// failed, since the earlier ones are stored.
import type { MessageDescriptor } from '@lingui/core';
import type { RouteName } from '@patrimonio/shared-api';
import { mutationMessages, queryClient, type ToastPromiseMessages, toast } from '@patrimonio/shared-ui';

export async function saveInSteps(
  work: () => Promise<void>,
  options: {
    success: MessageDescriptor;
    invalidate: readonly RouteName[];
    error?: ToastPromiseMessages<void>['error'];
  },
): Promise<void> {
  try {
    await toast.promise(work(), { loading: mutationMessages.loading, success: options.success, error: options.error });
  } finally {
    await Promise.all(options.invalidate.map((n) => queryClient.invalidateQueries({ queryKey: [n] })));
  }
}
