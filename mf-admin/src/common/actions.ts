// The admin's actions that say in a toast how they went: reload a run or a file (a new run is queued; 409 run_busy
// while one of the file's runs is queued or running), download the original file (the shared client's binary
// download, its name from Content-Disposition), copy a file's SHA-256, and the calls whose answer says whether they
// worked (a server's check and fetch, a user's activation). The spec's toasts: 'Check ok!', 'Check failed',
// 'Reload ok!', 'Reload failed' and 'Download failed'; run_busy in words of its own.
import { useLingui } from '@lingui/react/macro';
import type { RequestOf, ResponseOf, RouteName } from '@patrimonio/shared-api';
import {
  type ApiMutationOptions,
  api,
  errorCode,
  queryClient,
  saveBlob,
  type TableAction,
  type ToastMessage,
  toast,
  useApiMutation,
} from '@patrimonio/shared-ui';
import { TOASTS } from './labels.ts';

/** How an action went, for its toast: a success or an error message; null says nothing. */
export type Outcome = { ok: boolean; message: ToastMessage } | null;

/** Shows an outcome's toast: a success one, or an error one. */
function toastOutcome(outcome: Outcome): void {
  if (outcome === null) return;
  if (outcome.ok) toast.success(outcome.message);
  else toast.error(outcome.message);
}

/**
 * Runs an action and says how it went in a toast: the outcome `done` reads in its answer, or `failed` of the error
 * when it throws. True when it was done.
 */
export async function withToast<T>(
  action: () => Promise<T>,
  done: (answer: T) => Outcome,
  failed: (error: unknown) => ToastMessage,
): Promise<boolean> {
  let answer: T;
  try {
    answer = await action();
  } catch (error) {
    toast.error(failed(error));
    return false;
  }
  toastOutcome(done(answer));
  return true;
}

/**
 * A call whose answer, not its success alone, says how it went (a server's check or fetch, a user's activation):
 * `run(request, outcome)` shows the outcome read in the answer; a failed call toasts as `options.error` says. It has no
 * success toast of its own.
 */
export function useOutcomeMutation<N extends RouteName>(route: N, options: Omit<ApiMutationOptions<N>, 'success'>) {
  const mutation = useApiMutation(route, { ...options, success: null });
  const run = (request: RequestOf<N>, outcome: (answer: ResponseOf<N>) => Outcome) =>
    mutation.mutate(request, { onSuccess: (answer) => toastOutcome(outcome(answer)) });
  return { ...mutation, run };
}

/** The answers a reload changes: the runs, the files and the codes waiting. */
export const RUN_ROUTES = ['listRuns', 'getRun', 'listFiles', 'unmappedCodes'] as const;

export const refreshRuns = (): Promise<unknown> =>
  Promise.all(RUN_ROUTES.map((name) => queryClient.invalidateQueries({ queryKey: [name] })));

/** A refused reload: run_busy in its own words, anything else the spec's 'Reload failed'. */
export const reloadError = (error: unknown): ToastMessage =>
  errorCode(error) === 'run_busy' ? TOASTS.runBusy : TOASTS.reloadFailed;

/** Reload one run (GET /log-imported/{id}/reload) or one file (GET /log/{id}/reload). */
export function useReload(route: 'reloadRun' | 'reloadFile') {
  return useApiMutation(route, {
    quiet: true,
    success: TOASTS.reloadOk,
    error: reloadError,
    invalidate: RUN_ROUTES,
  });
}

/** A table's Reload action of a run or a file; `hidden` leaves it out of some rows. */
export function useReloadAction<R extends { id: number }>(
  route: 'reloadRun' | 'reloadFile',
  hidden?: (row: R) => boolean,
): TableAction<R> {
  const { t } = useLingui();
  const reload = useReload(route);
  return {
    id: 'reload',
    label: t`Ricarica`,
    icon: 'reload',
    ...(hidden ? { hidden } : {}),
    onClick: (r) => reload.mutate({ params: { id: r.id } }),
  };
}

/** Reloads the runs one after the other, with one toast; true when every one was queued again. */
export async function reloadRuns(ids: readonly number[]): Promise<boolean> {
  try {
    return await withToast(
      async () => {
        for (const id of ids) await api('reloadRun', { params: { id } });
      },
      () => ({ ok: true, message: TOASTS.reloadOk }),
      reloadError,
    );
  } finally {
    await refreshRuns();
  }
}

/**
 * Downloads the original file of a run or of the file log under the name the server gives (Content-Disposition), or
 * `fallbackName` without one; 'Download failed' when it cannot.
 */
export async function downloadOriginal(
  route: 'downloadRun' | 'downloadFile',
  id: number,
  fallbackName: string,
): Promise<void> {
  await withToast(
    async () => {
      const file = await api.download(route, { params: { id } });
      const blob = new Blob([file.bytes as Uint8Array<ArrayBuffer>], {
        type: file.contentType ?? 'application/octet-stream',
      });
      saveBlob(blob, file.fileName ?? fallbackName);
    },
    () => null,
    () => TOASTS.downloadFailed,
  );
}

/** A table's Download action of the original file of a run or of the file log; `name` is the fallback name. */
export function useDownloadAction<R extends { id: number }>(
  route: 'downloadRun' | 'downloadFile',
  name: (row: R) => string,
): TableAction<R> {
  const { t } = useLingui();
  return {
    id: 'download',
    label: t`Scarica il file`,
    icon: 'download',
    onClick: (r) => void downloadOriginal(route, r.id, name(r)),
  };
}

/** Copies a file's SHA-256 to the clipboard. */
export async function copySha(sha: string): Promise<void> {
  await withToast(
    () => navigator.clipboard.writeText(sha),
    () => ({ ok: true, message: TOASTS.shaCopied }),
    () => TOASTS.copyFailed,
  );
}
