// The logo upload dialog (portal-and-report 2 "Logo upload dialog", 4 "Logo upload", 5 and 8): drop or pick one
// png, jpg, jpeg or svg file of at most 15,000,000 bytes, see it, save it as a data URL (POST /user/logo-report);
// the preview's logo is refetched afterwards. Refusals, ours and the server's, are the catalogue's toasts.
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  errorCode,
  errorStatus,
  formatFileSize,
  Modal,
  type ToastMessage,
  toast,
  useApiMutation,
} from '@patrimonio/shared-ui';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { LOGO_EXTENSIONS, LOGO_MIME_TYPES, logoFileError } from '../logic/logo-file.ts';
import { LOGO_TOASTS } from './labels.ts';

/** The file input's filter: the extensions and their MIME types. */
const LOGO_ACCEPT = [...LOGO_EXTENSIONS.map((e) => `.${e}`), ...LOGO_MIME_TYPES].join(',');

interface PickedLogo {
  name: string;
  size: number;
  dataUrl: string;
}

/** The toast of a refused save: the server names its refusal with the same codes (too_many_files, 413, 400). */
export function saveErrorToast(error: unknown): ToastMessage | undefined {
  const code = errorCode(error);
  if (code === 'file_too_large' || code === 'too_many_files' || code === 'bad_file_generic') return LOGO_TOASTS[code];
  if (errorStatus(error) === 413) return LOGO_TOASTS.file_too_large;
  if (errorStatus(error) === 400) return LOGO_TOASTS.bad_file_generic;
  return undefined;
}

const readDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

export function LogoDialog(props: { open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const [picked, setPicked] = useState<PickedLogo | null>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const pickCount = useRef(0);
  const saveLogo = useApiMutation('saveReportLogo', {
    success: msg`Logo salvato`,
    error: saveErrorToast,
    invalidate: ['getReportLogo'],
  });

  // Each opening starts with no file.
  useEffect(() => {
    if (!props.open) return;
    setPicked(null);
    setDragging(false);
  }, [props.open]);

  const pick = async (files: readonly File[]) => {
    const pickNumber = ++pickCount.current;
    const problem = logoFileError(files);
    const file = files[0];
    if (problem !== null || !file) {
      setPicked(null);
      if (input.current) input.current.value = '';
      if (problem) toast.error(LOGO_TOASTS[problem]);
      return;
    }
    try {
      const dataUrl = await readDataUrl(file);
      // A later pick wins over a slow read of an earlier one.
      if (pickNumber === pickCount.current) setPicked({ name: file.name, size: file.size, dataUrl });
    } catch {
      toast.error(LOGO_TOASTS.bad_file_generic);
    }
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    void pick(Array.from(event.dataTransfer.files));
  };

  const save = async () => {
    if (!picked) return;
    try {
      await saveLogo.mutateAsync({ body: { logoStream: picked.dataUrl } });
      props.onClose();
    } catch {
      // The toast says why; the file stays for another try.
    }
  };

  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      title={<Trans>Logo del report</Trans>}
      className="rep-dialog"
      data-testid="logo-dialog"
      actions={
        <>
          <button type="button" className="pt-btn pt-btn--secondary" onClick={props.onClose}>
            <Trans>Annulla</Trans>
          </button>
          <button
            type="button"
            className="pt-btn pt-btn--primary"
            disabled={!picked || saveLogo.isPending}
            aria-busy={saveLogo.isPending || undefined}
            onClick={() => void save()}
            data-testid="logo-save"
          >
            <Trans>Salva</Trans>
          </button>
        </>
      }
    >
      <section
        className="rep-drop"
        data-dragging={dragging || undefined}
        aria-label={t`Area di caricamento del logo`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="logo-drop"
      >
        <p>
          <Trans>Trascina qui il logo oppure sceglilo dal computer.</Trans>
        </p>
        <label className="rep-drop__pick">
          <span className="pt-sr-only">
            <Trans>Scegli il file del logo</Trans>
          </span>
          <input
            ref={input}
            type="file"
            accept={LOGO_ACCEPT}
            onChange={(event) => void pick(Array.from(event.currentTarget.files ?? []))}
            data-testid="logo-input"
          />
        </label>
        <p className="rep-muted">
          <Trans>Dimensione consigliata 300x150 px</Trans> · <Trans>PNG, JPG o SVG, al massimo 15 MB</Trans>
        </p>
      </section>
      {picked ? (
        <figure className="rep-logo-preview" data-testid="logo-preview">
          <img src={picked.dataUrl} alt={t`Anteprima del logo`} />
          <figcaption className="rep-muted">
            {picked.name} · {formatFileSize(picked.size)}
          </figcaption>
        </figure>
      ) : null}
    </Modal>
  );
}
