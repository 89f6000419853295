// Add or edit a client (data-and-admin sections 3, 5, 7, 8): a person (tax code) or a company (VAT number, or
// the company registry's atokaId). Before adding, POST /client/validate/user or /company says whether the
// client can be added; its reason shows on the field. A client already present gets the 409 toast naming it. A code
// held by a client the user may not see gets "cannot be added", on the field and in a toast (issue 13). The form is
// bound to the contract's body of the client's kind (person or company, added or edited); the tax code and VAT
// checks come on top (checkClientCodes).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { RequestOf } from '@patrimonio/shared-api';
import { normalizeTaxCode, normalizeVat } from '@patrimonio/shared-api/constants';
import {
  api,
  type Client,
  EmailInput,
  errorCode,
  errorStatus,
  FormDialog,
  mutationMessages,
  sessionStore,
  TextInput,
  toast,
  tourTarget,
  useApiMutation,
  useContractForm,
  useFieldErrors,
} from '@patrimonio/shared-ui';
import { contract } from '@patrimonio/shared-ui/contract';
import { type FormEvent, useRef, useState } from 'react';
import { isProblem, PROBLEM_LABELS } from '../labels.ts';
import {
  CANNOT_BE_ADDED,
  type ClientForm,
  checkClientCodes,
  clientFieldProblem,
  clientToForm,
  companyUpdateBody,
  emptyClientForm,
  type FieldProblem,
  formDisplayName,
  newCompanyRequest,
  newPersonRequest,
  personUpdateBody,
} from './model.ts';
import { CLIENT_WRITES } from './queries.ts';

/** The 409 toast of data-and-admin section 8: the client is already present, named. */
export const duplicateClientMessage = (name: string): MessageDescriptor =>
  name ? msg`Il cliente ${name} è già presente` : msg`Il cliente è già presente`;

export interface ClientDialogProps {
  /** The client to edit; a new client when undefined. */
  client?: Client;
  onClose: () => void;
}

export function ClientDialog({ client, onClose }: ClientDialogProps) {
  const { t } = useLingui();
  const editing = client !== undefined;
  const [company, setCompany] = useState(client?.company ?? false);
  const [defaults] = useState(() => (client ? clientToForm(client) : emptyClientForm()));
  // The body of the call the form makes: a person's or a company's, added or edited.
  const schema = editing
    ? company
      ? contract.updateCompanyClient.body
      : contract.updateClient.body
    : company
      ? contract.createCompanyClient.body
      : contract.createPersonClient.body;
  const clientForm = useContractForm(schema, {
    defaults,
    toBody: (v) => {
      const f = { ...v, company };
      if (editing) return company ? companyUpdateBody(f) : personUpdateBody(f);
      return company ? newCompanyRequest(f).body : newPersonRequest(f).body;
    },
    refine: (_body, v) => checkClientCodes({ ...v, company }),
  });
  const form: ClientForm = { ...clientForm.watch(), company };
  const [checking, setChecking] = useState(false);
  /** The name of the client already holding the code, from the last validation. */
  const existing = useRef<string | null>(null);
  const fieldError = useFieldErrors(PROBLEM_LABELS);

  type Field = Exclude<keyof ClientForm, 'company'>;
  /** Changes a field and clears its error (and those of `related`, whose check depends on it). */
  const set = (key: Field, value: string, related: Field[] = []) => {
    clientForm.setValue(key, value);
    clientForm.clearErrors([key, ...related]);
  };
  /** Shows a code (of the validation, of an add or edit) on the client's code field. */
  const setCodeProblem = (code: FieldProblem) =>
    clientForm.setError(company ? 'vat' : 'taxCode', { type: code, message: code });

  // Errors of the adds and edits: the 409 names the client; a code the form knows goes on its field.
  const onWriteError = (error: unknown): MessageDescriptor | undefined => {
    if (errorCode(error) === CANNOT_BE_ADDED) {
      setCodeProblem(CANNOT_BE_ADDED);
      return PROBLEM_LABELS[CANNOT_BE_ADDED];
    }
    if (errorStatus(error) === 409) {
      setCodeProblem('duplicate_client');
      return duplicateClientMessage(existing.current ?? formDisplayName(form));
    }
    const code = errorCode(error);
    if (isProblem(code)) {
      setCodeProblem(code);
      return PROBLEM_LABELS[code];
    }
    return undefined;
  };
  const added = { success: mutationMessages.added, error: onWriteError, invalidate: CLIENT_WRITES };
  const edited = { success: mutationMessages.edited, error: onWriteError, invalidate: CLIENT_WRITES };
  const createPerson = useApiMutation('createPersonClient', added);
  const createCompany = useApiMutation('createCompanyClient', added);
  const updatePerson = useApiMutation('updateClient', edited);
  const updateCompany = useApiMutation('updateCompanyClient', edited);
  const busy =
    checking || createPerson.isPending || createCompany.isPending || updatePerson.isPending || updateCompany.isPending;

  /**
   * POST /client/validate/...: false (with the reason on the field) when the code is missing or not valid. A
   * client already present goes on to the add, whose 409 names it (the name comes from this answer).
   */
  async function validate(): Promise<boolean> {
    setChecking(true);
    try {
      const result = form.company
        ? await api('validateCompanyClient', {
            body: { vat: normalizeVat(form.vat) || null, atokaId: form.atokaId.trim() || null },
          })
        : await api('validatePersonClient', { body: { taxCode: normalizeTaxCode(form.taxCode) } });
      // When editing, the client found may be this one (by the code it keeps): only another client is named.
      const other = result.existingClient && result.existingClient.id !== client?.id ? result.existingClient : null;
      existing.current = other?.name ?? null;
      if (result.valid || result.reason === 'duplicate_client') return true;
      if (result.reason) setCodeProblem(result.reason);
      if (result.reason === CANNOT_BE_ADDED) toast.error(PROBLEM_LABELS[CANNOT_BE_ADDED]);
      return false;
    } catch (error) {
      console.error(error);
      toast.error(msg`Impossibile verificare il cliente. Riprova tra qualche istante.`);
      return false;
    } finally {
      setChecking(false);
    }
  }

  // A failed add or edit has its toast (and a 400's fields their mark): the dialog stays open to correct it.
  const submit = clientForm.submit(async (body) => {
    if (!editing) {
      if (!(await validate())) return;
      if (form.company) {
        await createCompany.mutateAsync({
          params: newCompanyRequest(form).params,
          body: body as RequestOf<'createCompanyClient'>['body'],
        });
      } else {
        await createPerson.mutateAsync({
          params: newPersonRequest(form).params,
          body: body as RequestOf<'createPersonClient'>['body'],
        });
      }
    } else {
      const codeChanged = form.company
        ? normalizeVat(form.vat) !== (client.vat ?? '') || form.atokaId.trim() !== (client.atokaId ?? '')
        : normalizeTaxCode(form.taxCode) !== (client.taxCode ?? '');
      if (codeChanged && !(await validate())) return;
      const updated = form.company
        ? await updateCompany.mutateAsync({
            params: { id: client.id },
            body: body as RequestOf<'updateCompanyClient'>['body'],
          })
        : await updatePerson.mutateAsync({
            params: { id: client.id },
            body: body as RequestOf<'updateClient'>['body'],
          });
      // The side menu and the pages show the selected client: keep it current.
      const sel = sessionStore.get().selection;
      if (sel?.kind === 'client' && sel.id === updated.id) sessionStore.set({ selection: { ...sel, client: updated } });
    }
    onClose();
  });

  function onSubmit(event: FormEvent) {
    if (busy) event.preventDefault();
    else void submit(event);
  }

  const problem = (key: Field) => fieldError(clientFieldProblem(key, clientForm.codeOf(key)));

  return (
    <FormDialog
      open
      onClose={onClose}
      title={editing ? t`Modifica cliente` : t`Aggiungi cliente`}
      data-testid="client-dialog"
      busy={busy}
      submitLabel={
        checking ? <Trans>Verifica in corso…</Trans> : editing ? <Trans>Salva</Trans> : <Trans>Aggiungi</Trans>
      }
      submitTestId="client-save"
      submitTour="client-submit"
      onSubmit={onSubmit}
    >
      {!editing ? (
        <fieldset className="pt-ov-switch">
          <legend className="pt-ov-legend">
            <Trans>Tipo di cliente</Trans>
          </legend>
          <label>
            <input
              type="radio"
              name="kind"
              checked={!form.company}
              onChange={() => {
                setCompany(false);
                clientForm.clearErrors('vat');
              }}
              data-testid="kind-person"
            />
            <Trans>Persona fisica</Trans>
          </label>
          <label>
            <input
              type="radio"
              name="kind"
              checked={form.company}
              onChange={() => {
                setCompany(true);
                clientForm.clearErrors('taxCode');
              }}
              data-testid="kind-company"
            />
            <Trans>Società</Trans>
          </label>
        </fieldset>
      ) : null}
      {form.company ? (
        <>
          <TextInput
            label={t`Ragione sociale`}
            value={form.companyName}
            onChange={(v) => set('companyName', v)}
            error={problem('companyName')}
            autoComplete="organization"
            data-testid="field-companyName"
          />
          <TextInput
            label={t`Partita IVA`}
            value={form.vat}
            onChange={(v) => set('vat', v)}
            error={problem('vat')}
            hint={t`Obbligatoria, salvo per le società del registro imprese (identificativo Atoka)`}
            required={!form.atokaId.trim()}
            inputMode="numeric"
            maxLength={32}
            data-testid="field-vat"
            {...tourTarget('client-tax-code')}
          />
          <TextInput
            label={t`Identificativo Atoka`}
            value={form.atokaId}
            onChange={(v) => set('atokaId', v, ['vat'])}
            error={problem('atokaId')}
            maxLength={64}
            data-testid="field-atokaId"
          />
        </>
      ) : (
        <>
          <div className="pt-form__row">
            <TextInput
              label={t`Nome`}
              value={form.firstName}
              onChange={(v) => set('firstName', v)}
              error={problem('firstName')}
              autoComplete="given-name"
              data-testid="field-firstName"
            />
            <TextInput
              label={t`Cognome`}
              value={form.lastName}
              onChange={(v) => set('lastName', v)}
              error={problem('lastName')}
              autoComplete="family-name"
              data-testid="field-lastName"
            />
          </div>
          <TextInput
            label={t`Codice fiscale`}
            value={form.taxCode}
            onChange={(v) => set('taxCode', v)}
            uppercase
            error={problem('taxCode')}
            required
            maxLength={32}
            data-testid="field-taxCode"
            {...tourTarget('client-tax-code')}
          />
        </>
      )}
      <EmailInput
        label={t`Email`}
        value={form.email}
        onChange={(v) => set('email', v)}
        error={problem('email')}
        autoComplete="email"
        data-testid="field-email"
      />
      <div className="pt-form__row pt-ov-phone-row">
        <TextInput
          label={t`Prefisso`}
          type="tel"
          value={form.prefix}
          onChange={(v) => set('prefix', v)}
          error={problem('prefix')}
          placeholder="+39"
          autoComplete="tel-country-code"
          maxLength={5}
          data-testid="field-prefix"
        />
        <TextInput
          label={t`Cellulare`}
          type="tel"
          value={form.mobile}
          onChange={(v) => set('mobile', v)}
          error={problem('mobile')}
          autoComplete="tel-national"
          maxLength={20}
          data-testid="field-mobile"
        />
      </div>
    </FormDialog>
  );
}
