// The actions the import activity, the file log and the mapping share: reload a run or a file (a new run is queued;
// 409 run_busy while one of the file's runs is queued or running), download the original file (the shared client's
// binary download, its name from Content-Disposition), copy a file's SHA-256. Each says how it went in a toast: the
// spec's 'Reload ok!', 'Reload failed' and 'Download failed', and run_busy in words of its own.
import { api, errorCode, queryClient, saveBlob, type ToastMessage, toast, useApiMutation } from '@patrimonio/shared-ui';
import { TOASTS } from './labels.ts';

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

/** Reloads the runs one after the other, with one toast; true when every one was queued again. */
export async function reloadRuns(ids: readonly number[]): Promise<boolean> {
  try {
    for (const id of ids) await api('reloadRun', { params: { id } });
    toast.success(TOASTS.reloadOk);
    return true;
  } catch (error) {
    toast.error(reloadError(error));
    return false;
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
  try {
    const file = await api.download(route, { params: { id } });
    const blob = new Blob([file.bytes as Uint8Array<ArrayBuffer>], {
      type: file.contentType ?? 'application/octet-stream',
    });
    saveBlob(blob, file.fileName ?? fallbackName);
  } catch {
    toast.error(TOASTS.downloadFailed);
  }
}

/** Copies a file's SHA-256 to the clipboard. */
export async function copySha(sha: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(sha);
    toast.success(TOASTS.shaCopied);
  } catch {
    toast.error(TOASTS.copyFailed);
  }
}
