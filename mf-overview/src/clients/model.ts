// The clients and families pages' rules (data-and-admin sections 3, 5, 7 and 9): status, the add-client form
// checks and request bodies, family member weights. Pure, so easy to test.
import type { TaxCodeProblem, VatProblem } from '@patrimonio/shared-api';
import { checkTaxCode, checkVat, normalizeTaxCode, normalizeVat } from '@patrimonio/shared-api/constants';
import type { Client } from '@patrimonio/shared-ui';

/** All-clients and all-families fetch size (data-and-admin section 9). */
export const ALL = 10000;

/** The default member weight (data-and-admin section 5). */
export const DEFAULT_WEIGHT = 1;
/** Weights are stored as numeric(12, 6): strictly positive and below a million. */
export const WEIGHT_MIN = 0.000001;
export const WEIGHT_MAX = 999_999;

export type ClientStatus = 'subscribed' | 'trial' | 'trialEnded' | 'inactive';

/**
 * Subscribed wins over trial; neither means the client's pages are closed (protected-route rule): "trial ended" when
 * the client had a trial (its end date is past), else inactive.
 */
export function clientStatus(c: Pick<Client, 'subscribe' | 'trial'> & { trialUntil?: string | null }): ClientStatus {
  if (c.subscribe) return 'subscribed';
  if (c.trial) return 'trial';
  return c.trialUntil ? 'trialEnded' : 'inactive';
}

/** Whether the client's pages are closed (neither subscription nor trial): the table offers to subscribe instead. */
export const isClosed = (status: ClientStatus) => status === 'inactive' || status === 'trialEnded';

/** The demo-user rows first, the others in the server's order (updatedAt desc). */
export function demoFirst<T extends Pick<Client, 'demoUser'>>(clients: ReadonlyArray<T>): T[] {
  return [...clients.filter((c) => c.demoUser), ...clients.filter((c) => !c.demoUser)];
}

// The tax code and VAT checks are shared-api's (the server's own); the other fields are checked against the
// contract's body of the client's kind (ClientDialog).
export type CodeProblem = TaxCodeProblem | VatProblem;

// ---- The client form ---------------------------------------------------------------------------------------

export interface ClientForm {
  company: boolean;
  firstName: string;
  lastName: string;
  taxCode: string;
  companyName: string;
  vat: string;
  atokaId: string;
  email: string;
  prefix: string;
  mobile: string;
}

export const emptyClientForm = (company = false): ClientForm => ({
  company,
  firstName: '',
  lastName: '',
  taxCode: '',
  companyName: '',
  vat: '',
  atokaId: '',
  email: '',
  prefix: '',
  mobile: '',
});

/** The form of an existing client, for editing. */
export function clientToForm(c: Client): ClientForm {
  return {
    company: c.company,
    firstName: c.firstName ?? '',
    lastName: c.lastName ?? '',
    taxCode: c.taxCode ?? '',
    companyName: c.companyName ?? '',
    vat: c.vat ?? '',
    atokaId: c.atokaId ?? '',
    email: c.email ?? '',
    prefix: c.prefix ?? '',
    mobile: c.mobile ?? '',
  };
}

/**
 * What a field may show: the code checks (checkClientCodes), the contract's codes read as the field's own
 * (clientFieldProblem) and the server's answers on the code: `duplicate_client` (a client the user sees holds it)
 * and `cannot_be_added` (one the user may not see does: the server says neither whose nor why).
 */
export type FieldProblem =
  | CodeProblem
  | 'invalid_email'
  | 'invalid_prefix'
  | 'invalid_mobile'
  | 'duplicate_client'
  | typeof CANNOT_BE_ADDED;
/** The API's code (validation reason and 409 code) for a code held by a client the user may not see. */
export const CANNOT_BE_ADDED = 'cannot_be_added';
export type FormErrors = Partial<Record<keyof ClientForm, FieldProblem>>;

/**
 * The checks beyond the contract's body, before asking the server: a person needs a valid tax code; a company a
 * valid VAT number unless it comes from the company registry (atokaId). The contact fields are the contract's.
 */
export function checkClientCodes(form: ClientForm): FormErrors {
  if (form.company) {
    const problem = form.vat.trim() || !form.atokaId.trim() ? checkVat(form.vat) : null;
    return problem ? { vat: problem } : {};
  }
  const problem = checkTaxCode(form.taxCode);
  return problem ? { taxCode: problem } : {};
}

/** The problem each field names when the contract's body finds it missing or not valid. */
const FIELD_PROBLEMS: Partial<Record<keyof ClientForm, { required: FieldProblem; invalid: FieldProblem }>> = {
  taxCode: { required: 'missing_tax_code', invalid: 'invalid_tax_code' },
  vat: { required: 'missing_vat', invalid: 'invalid_vat' },
  email: { required: 'invalid_email', invalid: 'invalid_email' },
  prefix: { required: 'invalid_prefix', invalid: 'invalid_prefix' },
  mobile: { required: 'invalid_mobile', invalid: 'invalid_mobile' },
};

/** A field's error code as the form shows it: the contract's 'required' and 'invalid' as the field's own problem. */
export function clientFieldProblem<C extends string>(
  field: keyof ClientForm,
  code: C | undefined,
): C | FieldProblem | undefined {
  const own = FIELD_PROBLEMS[field];
  if (own && code === 'required') return own.required;
  if (own && code === 'invalid') return own.invalid;
  return code;
}

const text = (v: string): string | null => v.trim() || null;

/** POST /client/empty/{taxCode}: the path code and the optional details. */
export function newPersonRequest(form: ClientForm) {
  return {
    params: { taxCode: normalizeTaxCode(form.taxCode) },
    body: {
      firstName: text(form.firstName),
      lastName: text(form.lastName),
      email: text(form.email),
      prefix: text(form.prefix),
      mobile: text(form.mobile),
    },
  };
}

/** POST /client/company/empty/{vat} (an empty vat with an atokaId). */
export function newCompanyRequest(form: ClientForm) {
  return {
    params: { vat: normalizeVat(form.vat) },
    body: {
      companyName: text(form.companyName),
      atokaId: text(form.atokaId),
      email: text(form.email),
      prefix: text(form.prefix),
      mobile: text(form.mobile),
    },
  };
}

/** PUT /user/client/{id}: every field of the form (empty clears it; the tax code is always sent). */
export function personUpdateBody(form: ClientForm) {
  return {
    firstName: text(form.firstName),
    lastName: text(form.lastName),
    taxCode: normalizeTaxCode(form.taxCode),
    email: text(form.email),
    prefix: text(form.prefix),
    mobile: text(form.mobile),
  };
}

/** PUT /user/client/{id}/company. */
export function companyUpdateBody(form: ClientForm) {
  return {
    companyName: text(form.companyName),
    vat: text(normalizeVat(form.vat)),
    atokaId: text(form.atokaId),
    email: text(form.email),
    prefix: text(form.prefix),
    mobile: text(form.mobile),
  };
}

/** The name the form would give the client (for the 409 toast when the server does not name it). */
export function formDisplayName(form: ClientForm): string {
  if (form.company) return form.companyName.trim() || normalizeVat(form.vat) || form.atokaId.trim();
  return [form.firstName.trim(), form.lastName.trim()].filter(Boolean).join(' ') || normalizeTaxCode(form.taxCode);
}

// ---- Family members ----------------------------------------------------------------------------------------

/**
 * A weight typed by the user: a decimal with a point or a comma (Italian), strictly positive, at most
 * 999,999 and 6 decimals. Empty means the default 1. Returns null when not valid.
 */
export function parseWeight(raw: string): number | null {
  const s = raw.trim().replace(/\s/g, '');
  if (s === '') return DEFAULT_WEIGHT;
  if (!/^\d+([.,]\d{1,6})?$/.test(s)) return null;
  const v = Number(s.replace(',', '.'));
  return v >= WEIGHT_MIN && v <= WEIGHT_MAX ? v : null;
}

export interface MemberDraft {
  id: number;
  name: string;
  /** As typed. */
  weight: string;
}

/** The body of PUT /family/{id}/user, or the ids whose weight is not valid. */
export function membersBody(
  members: ReadonlyArray<MemberDraft>,
): { ok: true; body: { usersFamily: Record<string, number> } } | { ok: false; invalid: number[] } {
  const usersFamily: Record<string, number> = {};
  const invalid: number[] = [];
  for (const m of members) {
    const w = parseWeight(m.weight);
    if (w === null) invalid.push(m.id);
    else usersFamily[String(m.id)] = w;
  }
  return invalid.length ? { ok: false, invalid } : { ok: true, body: { usersFamily } };
}
