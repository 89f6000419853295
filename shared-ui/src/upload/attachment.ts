// The generic file-upload control's rules (portal-and-report 5, 8 and 9): one file of at most 15 MB, png, jpg, jpeg,
// gif or pdf. The client checks the count, the size and the name's extension before sending (the server then reads
// the type from the content); the refusals, ours and the server's, are the catalogue's toasts.
import type { MessageDescriptor } from '@lingui/core';
import type { DownloadRouteName, RequestOf, ResponseOf, RouteName, UploadRouteName } from '@patrimonio/shared-api';
import { ATTACHMENT_EXTENSIONS, ATTACHMENT_MAX_BYTES, ATTACHMENT_MEDIA_TYPES } from '@patrimonio/shared-api/constants';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { api } from '../api.ts';
import { toastMessages } from '../chrome/messages.ts';
import { type ToastMessage, toast } from '../chrome/toast.ts';
import { errorCode, errorStatus, mutationMessages, queryClient } from '../data/query.ts';
import { saveBlob } from '../download.ts';
import { useFieldErrors } from '../page/fields.ts';

export type AttachmentError = 'file_too_large' | 'too_many_files' | 'bad_file_generic';

/** The file input's filter: the extensions and their media types. */
export const ATTACHMENT_ACCEPT = [...ATTACHMENT_EXTENSIONS.map((e) => `.${e}`), ...ATTACHMENT_MEDIA_TYPES].join(',');

export const ATTACHMENT_TOASTS: Record<AttachmentError, MessageDescriptor> = {
  file_too_large: toastMessages.fileTooLarge,
  too_many_files: toastMessages.tooManyFiles,
  bad_file_generic: toastMessages.badFileGeneric,
};

/** Why picked or dropped files cannot be sent (null: one acceptable file; none picked is not an error). */
export function attachmentError(files: ArrayLike<{ name: string; size: number }>): AttachmentError | null {
  if (files.length > 1) return 'too_many_files';
  const file = files[0];
  if (!file) return null;
  if (file.size > ATTACHMENT_MAX_BYTES) return 'file_too_large';
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (file.size === 0 || !(ATTACHMENT_EXTENSIONS as readonly string[]).includes(extension)) return 'bad_file_generic';
  return null;
}

/** The toast of a refused upload: the server names its refusal with the same codes (413, 400). */
export function attachmentRefusalToast(error: unknown): MessageDescriptor | undefined {
  const code = errorCode(error);
  if (code === 'file_too_large' || code === 'too_many_files' || code === 'bad_file_generic')
    return ATTACHMENT_TOASTS[code];
  if (errorStatus(error) === 413) return ATTACHMENT_TOASTS.file_too_large;
  return undefined;
}

/** A form with a file, sent to a multipart route: the file (or none, where the route allows it), fields, path ids. */
export interface AttachmentRequest {
  file: File | null;
  fields: Record<string, string | number | null | undefined>;
  params?: Record<string, unknown>;
}

/**
 * A multipart write (a document, a ticket, a reply) as useApiMutation does a JSON one: a loading toast, then the
 * success toast or the refusal's (the catalogue's upload toasts, else the generic error), then the affected answers
 * refetched.
 */
export function useApiUpload<N extends UploadRouteName>(
  name: N,
  options: {
    success: ToastMessage;
    invalidate?: ReadonlyArray<RouteName>;
    error?: (e: unknown) => ToastMessage | undefined;
  },
) {
  return useMutation<ResponseOf<N>, unknown, AttachmentRequest>({
    mutationFn: (request) =>
      toast.promise(api.upload(name, request), {
        loading: mutationMessages.loading,
        success: options.success,
        error: (e) => options.error?.(e) ?? attachmentRefusalToast(e),
      }),
    onSuccess: async () => {
      await Promise.all((options.invalidate ?? []).map((n) => queryClient.invalidateQueries({ queryKey: [n] })));
    },
  });
}

/**
 * A form with an attachment, sent through useApiUpload (a document, a ticket, a reply): the file; `required(missing)`,
 * a required field's error once a send was tried; `send(ready, request)`, which marks the missing fields and sends
 * nothing until `ready`, then uploads the file with the request and answers the route's answer, or undefined when it
 * was refused (the toast says why; the form stays for another try); `reset()` for a new form (the caller resets its
 * own fields, e.g. on each opening of its dialog).
 */
export function useAttachmentForm<N extends UploadRouteName>(name: N, options: Parameters<typeof useApiUpload>[1]) {
  const fieldError = useFieldErrors();
  const [file, setFile] = useState<File | null>(null);
  const [tried, setTried] = useState(false);
  const upload = useApiUpload(name, options);
  const send = async (ready: boolean, request: Omit<AttachmentRequest, 'file'>): Promise<ResponseOf<N> | undefined> => {
    setTried(true);
    if (!ready) return undefined;
    try {
      return await upload.mutateAsync({ ...request, file });
    } catch {
      return undefined;
    }
  };
  // Stable, for the caller's effect that resets its form on each opening.
  const reset = useCallback(() => {
    setFile(null);
    setTried(false);
  }, []);
  const required = (missing: boolean) => (tried && missing ? fieldError('required') : null);
  return { file, setFile, required, send, reset, busy: upload.isPending };
}

/** Downloads a file route's answer under the name the server gives (Content-Disposition), or `fallbackName`. */
export async function downloadApiFile<N extends DownloadRouteName>(
  name: N,
  request: RequestOf<N>,
  fallbackName: string,
): Promise<void> {
  const file = await api.download(name, request);
  const blob = new Blob([file.bytes as Uint8Array<ArrayBuffer>], {
    type: file.contentType ?? 'application/octet-stream',
  });
  saveBlob(blob, file.fileName ?? fallbackName);
}
