// Translated names of the codes the financial pages show (causes, subcauses, account and intermediary types, macro
// asset classes, coupon types) and the field messages of the forms.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

// Causes and subcauses are shared with the middle office, macro classes with the widgets (shared-ui format/codes.ts).
export { CAUSE_LABELS, MACRO_LABELS, SUBCAUSE_LABELS } from '@patrimonio/shared-ui';

export const ACCOUNT_TYPE_LABELS: Record<string, MessageDescriptor> = {
  CONTO_CORRENTE: msg`Conto corrente`,
  CUSTODIA_TITOLI: msg`Custodia titoli`,
};

export const FI_TYPE_LABELS: Record<string, MessageDescriptor> = {
  CREDIT_INSTITUTE: msg`Istituto di credito`,
  TRUST: msg`Fiduciaria`,
};

export const CEDOLA_TYPE_LABELS: Record<string, MessageDescriptor> = {
  COUPON: msg`Cedola`,
  DIVIDEND: msg`Dividendo`,
  REDEMPTION: msg`Rimborso`,
};

/** A BASIC client's own movement waits for the adviser (issue 16). */
export const CLIENT_ENTRY_NOTE = msg`I movimenti che aggiungi restano in attesa finché il tuo consulente non li approva: fino ad allora non entrano nei calcoli.`;

export const FIELD_ERRORS: Record<'sameAccount', MessageDescriptor> = {
  sameAccount: msg`Deve essere diverso dal conto del movimento`,
};

/** Success toasts: entity + added, edited, deleted (spec data-and-admin section 8). */
export const TOASTS = {
  portfolioAdded: msg`Portafoglio aggiunto`,
  portfolioEdited: msg`Portafoglio modificato`,
  portfolioDeleted: msg`Portafoglio eliminato`,
  accountAdded: msg`Conto aggiunto`,
  accountEdited: msg`Conto modificato`,
  movementAdded: msg`Movimento aggiunto`,
  movementPending: msg`Movimento inviato: entrerà nei calcoli dopo l'approvazione del consulente`,
  movementEdited: msg`Movimento modificato`,
  movementDeleted: msg`Movimento eliminato`,
  movementsDeleted: msg`Movimenti eliminati`,
  movementsImported: msg`Movimenti importati`,
  intermediaryAdded: msg`Intermediario aggiunto`,
  intermediaryEdited: msg`Intermediario modificato`,
  branchAdded: msg`Filiale aggiunta`,
  branchEdited: msg`Filiale modificata`,
  branchDeleted: msg`Filiale eliminata`,
  stockAdded: msg`Strumento aggiunto`,
  stockEdited: msg`Strumento modificato`,
  pricesImported: msg`Prezzi importati`,
  ratesImported: msg`Cambi importati`,
  checkFields: msg`Controlla i campi evidenziati`,
  duplicateIban: msg`Il cliente ha già un conto di questo tipo con questo IBAN`,
  duplicateIsin: msg`Esiste già uno strumento con questo ISIN`,
  currencyInUse: msg`La valuta non si può cambiare: lo strumento ha prezzi o movimenti nella valuta attuale`,
};
