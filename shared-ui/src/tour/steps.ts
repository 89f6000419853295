// The guided tour's sections and steps (spec data-and-admin sections 2 and 4): add client (3 steps, not for
// BASIC), overview (4), add goal (6), add account (5). Each step points at an element of a page through a
// `data-tour` attribute: page authors put `data-tour="<target>"` (or `{...tourTarget('<target>')}`) on the
// element named in the table below. Form controls of shared-ui/forms take the attribute as a prop
// (`<CurrencyInput data-tour="goal-amount" …/>`) and put it on the whole field.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { TOUR_STEPS } from '@patrimonio/shared-api/constants';

/** A tour section; its name is what PATCH /user/data-tour records when the section is completed. */
export type TourSection = (typeof TOUR_STEPS)[number];
export const TOUR_SECTIONS: readonly TourSection[] = TOUR_STEPS;

/** Every element the tour points at, by its `data-tour` value. */
export const TOUR_TARGETS = [
  // addClient, on /clients (the add-client dialog for the last two).
  'clients-add',
  'client-tax-code',
  'client-submit',
  // overview, on {base}/overview.
  'overview-total',
  'overview-composition',
  'overview-trend',
  'overview-projection',
  // addGoal, on {base}/goals (the goal dialog), then {base}/position.
  'goals-add',
  'goal-description',
  'goal-amount',
  'goal-date',
  'goal-submit',
  'position-goals',
  // addAccount, on {base}/financials (the account dialog after the first step).
  'accounts-add',
  'account-intermediary',
  'account-type',
  'account-iban',
  'account-submit',
] as const;
export type TourTarget = (typeof TOUR_TARGETS)[number];

/** The attribute for a target: `<button {...tourTarget('clients-add')}>`. */
export const tourTarget = (target: TourTarget): { 'data-tour': TourTarget } => ({ 'data-tour': target });

/** The fields the tour waits for (spec: Next is disabled until the required field is filled). */
export type TourRequirement = 'clientTaxCode' | 'goalDescription' | 'goalAmount' | 'accountIban';

export interface TourStep {
  /** The `data-tour` value of the element to point at. */
  target: TourTarget;
  /** Where the element is, for page authors. */
  where: string;
  title: MessageDescriptor;
  description: MessageDescriptor;
  /**
   * Next stays disabled until this field is filled: the first input, select or textarea inside the target
   * (or the target itself) must have a value that passes its own validation, unless the page says otherwise
   * with `setStepValid(target, valid)`.
   */
  requires?: TourRequirement;
  /**
   * The target is a button that moves the journey on (it opens a dialog, or saves): Next presses it, and a
   * click on it by the user advances the tour as Next would.
   */
  press?: boolean;
  /** After this step the tour goes to the owner's position page and shows the next step 300 ms later. */
  thenPosition?: boolean;
  /** Preferred side of the popover. */
  side?: 'top' | 'right' | 'bottom' | 'left';
}

export const TOUR_SECTION_STEPS: Readonly<Record<TourSection, readonly TourStep[]>> = {
  addClient: [
    {
      target: 'clients-add',
      where: '/clients: the add-client button',
      title: msg`Aggiungi un cliente`,
      description: msg`Da qui aggiungi un nuovo cliente, persona fisica o società. Premi il pulsante, o Avanti, per aprire il modulo.`,
      press: true,
    },
    {
      target: 'client-tax-code',
      where: '/clients, add-client dialog: the tax code field (VAT number for a company)',
      title: msg`Codice fiscale`,
      description: msg`Inserisci il codice fiscale del cliente, o la partita IVA per una società: serve per continuare.`,
      requires: 'clientTaxCode',
    },
    {
      target: 'client-submit',
      where: '/clients, add-client dialog: the save button',
      title: msg`Salva il cliente`,
      description: msg`Premi Salva, o Fine, per creare il cliente: lo troverai nella lista, da cui potrai invitarlo al portale.`,
      press: true,
    },
  ],
  overview: [
    {
      target: 'overview-total',
      where: '{base}/overview: the total wealth card',
      title: msg`Patrimonio totale`,
      description: msg`Il valore complessivo del patrimonio: finanziario, immobiliare, partecipazioni, arte e beni di lusso.`,
    },
    {
      target: 'overview-composition',
      where: '{base}/overview: the composition donut',
      title: msg`Composizione`,
      description: msg`Come il patrimonio è ripartito tra le diverse classi di attività.`,
    },
    {
      target: 'overview-trend',
      where: '{base}/overview: the value line and the flux bars',
      title: msg`Andamento`,
      description: msg`L'andamento del valore nel tempo, con i flussi in entrata e in uscita.`,
    },
    {
      target: 'overview-projection',
      where: '{base}/overview: the projection band chart',
      title: msg`Proiezione`,
      description: msg`Gli scenari futuri del patrimonio, con probabilità del 90%, del 60% e del 20%, confrontati con l'inflazione.`,
    },
  ],
  addGoal: [
    {
      target: 'goals-add',
      where: '{base}/goals: the add-goal button',
      title: msg`Aggiungi un obiettivo`,
      description: msg`Un obiettivo è una somma da raggiungere entro una data: una casa, gli studi dei figli, la pensione. Premi il pulsante, o Avanti, per aprire il modulo.`,
      press: true,
    },
    {
      target: 'goal-description',
      where: '{base}/goals, goal dialog: the description field',
      title: msg`Descrizione`,
      description: msg`Dai un nome all'obiettivo, ad esempio «Casa al mare»: serve per continuare.`,
      requires: 'goalDescription',
    },
    {
      target: 'goal-amount',
      where: '{base}/goals, goal dialog: the amount field (CurrencyInput)',
      title: msg`Importo`,
      description: msg`La somma da raggiungere: serve per continuare.`,
      requires: 'goalAmount',
    },
    {
      target: 'goal-date',
      where: '{base}/goals, goal dialog: the date field (DatePicker)',
      title: msg`Data`,
      description: msg`Entro quando raggiungerlo. I pulsanti +5, +10, +15 e +20 anni spostano la data in avanti.`,
    },
    {
      target: 'goal-submit',
      where: '{base}/goals, goal dialog: the save button',
      title: msg`Salva l'obiettivo`,
      description: msg`Premi Salva, o Avanti: poi ti mostriamo l'obiettivo nella posizione.`,
      press: true,
      thenPosition: true,
    },
    {
      target: 'position-goals',
      where: '{base}/position: the goals panel',
      title: msg`L'obiettivo nella posizione`,
      description: msg`Qui confronti l'obiettivo con il patrimonio e vedi quanto è già coperto.`,
    },
  ],
  addAccount: [
    {
      target: 'accounts-add',
      where: '{base}/financials: the add-account button',
      title: msg`Aggiungi un conto`,
      description: msg`Un conto raccoglie i movimenti presso un intermediario. Premi il pulsante, o Avanti, per aprire il modulo.`,
      press: true,
    },
    {
      target: 'account-intermediary',
      where: '{base}/financials, account dialog: the intermediary field',
      title: msg`Intermediario`,
      description: msg`La banca o l'intermediario presso cui è aperto il conto.`,
    },
    {
      target: 'account-type',
      where: '{base}/financials, account dialog: the account type field',
      title: msg`Tipo di conto`,
      description: msg`Conto corrente, deposito titoli o un altro rapporto.`,
    },
    {
      target: 'account-iban',
      where: '{base}/financials, account dialog: the IBAN field',
      title: msg`IBAN`,
      description: msg`Inserisci l'IBAN del conto: serve per continuare.`,
      requires: 'accountIban',
    },
    {
      target: 'account-submit',
      where: '{base}/financials, account dialog: the save button',
      title: msg`Salva il conto`,
      description: msg`Premi Salva, o Fine, per creare il conto: poi potrai caricarne i movimenti.`,
      press: true,
    },
  ],
};

/** Names of the sections, for the launcher. */
export const TOUR_SECTION_TITLES: Readonly<Record<TourSection, MessageDescriptor>> = {
  addClient: msg`Aggiungere un cliente`,
  overview: msg`La panoramica`,
  addGoal: msg`Aggiungere un obiettivo`,
  addAccount: msg`Aggiungere un conto`,
};

/**
 * The page each section starts on: absolute for addClient, otherwise after the owner scope's base path
 * ('' for BASIC, /client/{id} or /family/{familyId} for an adviser).
 */
export const TOUR_SECTION_START: Readonly<Record<TourSection, { path: string; scoped: boolean }>> = {
  addClient: { path: '/clients', scoped: false },
  overview: { path: '/overview', scoped: true },
  addGoal: { path: '/goals', scoped: true },
  addAccount: { path: '/financials', scoped: true },
};

/** Where the goal section continues after its submit step (spec: navigate to the position page). */
export const TOUR_POSITION_PATH = '/position';
