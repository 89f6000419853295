// The tour's own texts (buttons, hints, launcher), Italian source.
import { msg } from '@lingui/core/macro';

export const tourMessages = {
  next: msg`Avanti`,
  back: msg`Indietro`,
  done: msg`Fine`,
  close: msg`Chiudi il tour`,
  fillToContinue: msg`Compila il campo per continuare.`,
  launcher: msg`Tour guidato`,
  completed: msg`completato`,
  tooSmall: msg`Il tour richiede una finestra di almeno 1024 × 650 pixel.`,
  needsOwner: msg`Seleziona prima un cliente.`,
  noPage: msg`Non disponibile qui.`,
};
