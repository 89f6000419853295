// Which error a picked logo gives (portal-and-report 5 "Logo upload" and 8): checked here by count, size, extension
// and MIME type; the server checks the content itself.
import { type LOGO_ERRORS, LOGO_MAX_BYTES, LOGO_MAX_FILES } from '@patrimonio/shared-api';

export type LogoFileError = (typeof LOGO_ERRORS)[number];

/** The parts of a File the checks read (a browser File fits). */
export interface PickedFile {
  name: string;
  size: number;
  /** The MIME type the browser reports; '' when it does not know one. */
  type: string;
}

/** Accepted extensions: "png, jpg, jpeg, svg" (portal-and-report 5). */
export const LOGO_EXTENSIONS = ['png', 'jpg', 'jpeg', 'svg'] as const;
/** The MIME types of those extensions. */
export const LOGO_MIME_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;

const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

/**
 * The error toast a pick gives, or null when it may be previewed (an empty pick is null too: Save stays disabled with
 * no file). Rules (portal-and-report 5 and 8): more than one file is too_many_files; a file over 15,000,000 bytes is
 * file_too_large (exactly 15,000,000 is accepted); any other refusal, an extension not png, jpg, jpeg or svg
 * (any case) or a MIME type given and not image/png, image/jpeg or image/svg+xml, is bad_file_generic. Size comes
 * before type, since bad_file_generic is for "any other rejected file".
 * Worked example: [{ name: 'logo.PNG', size: 15_000_001, type: 'image/png' }] gives file_too_large.
 */
export function logoFileError(files: readonly PickedFile[]): LogoFileError | null {
  if (files.length > LOGO_MAX_FILES) return 'too_many_files';
  const file = files[0];
  if (!file) return null;
  if (file.size > LOGO_MAX_BYTES) return 'file_too_large';
  const extensionOk = (LOGO_EXTENSIONS as readonly string[]).includes(extensionOf(file.name));
  const mimeOk = file.type === '' || (LOGO_MIME_TYPES as readonly string[]).includes(file.type.toLowerCase());
  return extensionOk && mimeOk ? null : 'bad_file_generic';
}
