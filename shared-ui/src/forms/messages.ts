// The form controls' own texts: hints and validation messages, Italian source (English in the catalog).
import { msg } from '@lingui/core/macro';

export const formMessages = {
  required: msg`Campo obbligatorio`,
  /** Spec: percent fields show the hint 'tra 0 e 100'. */
  percentHint: msg`tra 0 e 100`,
  percentRange: msg`Il valore deve essere tra 0 e 100`,
  numberFormat: msg`Numero non valido`,
  negative: msg`Non sono ammessi valori negativi`,
  tooManyDecimals: msg`Al massimo 2 decimali`,
  outOfRange: msg`Valore fuori dall'intervallo consentito`,
  dateInvalid: msg`Data non valida`,
  /** The date picker's empty text: the order it reads, day first (issue 22). */
  datePlaceholder: msg`gg/mm/aaaa`,
  emailInvalid: msg`Inserisci un indirizzo email valido`,
  quickYears: msg`Aggiungi anni alla data`,
};
