// Messages of the error catalogue (spec section 8) that any app shows through toasts, with the spec's keys.
import { msg } from '@lingui/core/macro';

export const toastMessages = {
  /** Generic mutation failure. */
  error500: msg({ id: 'error_500', message: 'Qualcosa è andato storto, riprova' }),
  /** Oversized file (logo: more than 15,000,000 bytes; generic upload: more than 15 MB). */
  fileTooLarge: msg({ id: 'toasts:file_too_large', message: 'Il file è troppo grande: la dimensione massima è 15 MB' }),
  /** More than one file dropped or picked. */
  tooManyFiles: msg({ id: 'too_many_files', message: 'Puoi caricare un solo file alla volta' }),
  /** Any other rejected file. */
  badFileGeneric: msg({
    id: 'toasts:bad_file_generic',
    message: 'File non valido: controlla il formato e riprova',
  }),
};
