// Add or edit a company: its legal name, its holders (a client each, with a percentage; in a family view the
// family's members, else the route's client) and its yearly figures (year, revenue, profit, EBITDA, value).
// Adding is one call; an edit sends only what changed (name, holders, and each year added, edited or removed).
import { Trans, useLingui } from '@lingui/react/macro';
import type { Company } from '@patrimonio/shared-api';
import {
  api,
  CurrencyInput,
  errorCode,
  FormDialog,
  formatPercent,
  type OwnerScope,
  PercentInput,
  QueryState,
  Select,
  serverFieldErrors,
  TextInput,
  useApiMutation,
  useApiQuery,
  useOwners,
} from '@patrimonio/shared-ui';
import { useEffect, useRef, useState } from 'react';
import { SHARE_YEAR_PRESENT } from '../common/contract.ts';
import { CONFLICTS, FIELD_ERRORS, type FieldCode, TOASTS } from '../common/labels.ts';
import { SHARE_DATA_ROUTES } from '../common/routes.ts';
import { saveInSteps } from '../common/save.ts';
import {
  type CompanyDraft,
  type CompanyErrors,
  companyChanges,
  createBody,
  draftOf,
  emptyFigures,
  emptyHolder,
  type FiguresDraft,
  type HolderDraft,
  hasErrors,
  validateCompany,
} from './logic.ts';

/** Rows carry a key of their own: removing a row must not hand its inputs to the next one. */
type Keyed<T> = T & { key: number };
interface Draft {
  legalName: string;
  holders: Keyed<HolderDraft>[];
  figures: Keyed<FiguresDraft>[];
}

const noErrors = (): CompanyErrors => ({ holders: [], figures: [] });

export function CompanyDialog(props: {
  open: boolean;
  onClose: () => void;
  scope: OwnerScope;
  /** The company to edit; none to add one. */
  companyId: number | null;
}) {
  const { t, i18n } = useLingui();
  const editing = props.companyId !== null;
  const owners = useOwners(props.scope);
  const stored = useApiQuery(
    'getCompany',
    { params: { id: props.companyId ?? 0 } },
    { enabled: props.open && editing },
  );
  const nextKey = useRef(0);
  const keyed = <T,>(row: T): Keyed<T> => ({ ...row, key: nextKey.current++ });
  const [draft, setDraft] = useState<Draft>({ legalName: '', holders: [], figures: [] });
  const [errors, setErrors] = useState<CompanyErrors>(noErrors);
  /** Fields the server refused (a 400 naming them, or a year it already holds). */
  const [serverErrors, setServerErrors] = useState<{ legalName?: FieldCode; years: Set<string> }>({
    years: new Set(),
  });
  const create = useApiMutation('createCompany', { success: TOASTS.companyAdded, invalidate: SHARE_DATA_ROUTES });
  const [saving, setSaving] = useState(false);

  const fill = (d: CompanyDraft) =>
    setDraft({ legalName: d.legalName, holders: d.holders.map(keyed), figures: d.figures.map(keyed) });

  // A fresh form on each opening: the stored company when editing (empty until it loads, never the last form's
  // data), else one holder (the route's client when there is only one candidate) and one row of figures for last
  // year. Filled once: a refetch after a partly failed save must not wipe what the user typed.
  const filled = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: fill when the dialog opens or the company loads.
  useEffect(() => {
    if (!props.open) {
      filled.current = false;
      return;
    }
    if (filled.current) return;
    setErrors(noErrors());
    setServerErrors({ years: new Set() });
    if (!editing) {
      fill({
        legalName: '',
        holders: [emptyHolder(owners.length === 1 ? owners[0]!.id : null)],
        figures: [emptyFigures(new Date().getFullYear() - 1)],
      });
      filled.current = true;
    } else if (stored.data) {
      fill(draftOf(stored.data));
      filled.current = true;
    } else fill({ legalName: '', holders: [], figures: [] });
  }, [props.open, editing, stored.data]);

  // Candidates: the scope's clients, plus the stored holders (a company may also be held outside the scope).
  const candidates = new Map(owners.map((o) => [o.id, o.name]));
  for (const h of stored.data?.holdings ?? [])
    if (h.clientId !== null && !candidates.has(h.clientId)) candidates.set(h.clientId, h.name ?? '');
  const ownerOptions = [...candidates].map(([id, name]) => ({ value: String(id), label: name || `#${id}` }));

  const message = (code: FieldCode | undefined) => (code ? i18n._(FIELD_ERRORS[code]) : undefined);
  const setHolder = (i: number, patch: Partial<HolderDraft>) =>
    setDraft((d) => ({ ...d, holders: d.holders.map((h, j) => (j === i ? { ...h, ...patch } : h)) }));
  const setFigures = (i: number, patch: Partial<FiguresDraft>) =>
    setDraft((d) => ({ ...d, figures: d.figures.map((f, j) => (j === i ? { ...f, ...patch } : f)) }));
  const total = draft.holders.reduce((sum, h) => sum + (h.share ?? 0), 0);
  const totalText = formatPercent(Math.round(total * 10_000) / 100, i18n.locale === 'en' ? 'en' : 'it');

  const submit = async () => {
    const e = validateCompany(draft);
    setErrors(e);
    setServerErrors({ years: new Set() });
    if (hasErrors(e)) return;
    const id = props.companyId;
    const conflictYears = new Set<string>();
    setSaving(true);
    try {
      if (id === null) await create.mutateAsync({ body: createBody(draft) });
      else if (stored.data) await saveEdit(id, stored.data, draft, conflictYears);
      props.onClose();
    } catch (err) {
      setServerErrors({ ...serverFieldErrors(err, { legalName: 'legalName' } as const), years: conflictYears });
    } finally {
      setSaving(false);
    }
  };

  const busy = saving || (editing && stored.isLoading);
  return (
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      onSubmit={() => void submit()}
      busy={busy}
      wide
      title={editing ? <Trans>Modifica azienda</Trans> : <Trans>Nuova azienda</Trans>}
      data-testid="company-dialog"
    >
      {editing && !stored.data ? (
        <QueryState loading={stored.isLoading} error={stored.error}>
          {null}
        </QueryState>
      ) : (
        <>
          <TextInput
            label={<Trans>Ragione sociale</Trans>}
            required
            name="legalName"
            maxLength={200}
            data-testid="company-legalName"
            error={message(errors.legalName ?? serverErrors.legalName)}
            value={draft.legalName}
            onChange={(legalName) => setDraft((d) => ({ ...d, legalName }))}
          />

          <fieldset className="ast-fieldset" data-testid="company-holders">
            <legend>
              <Trans>Titolari</Trans>
            </legend>
            {draft.holders.map((h, i) => {
              const position = i + 1;
              return (
                <div className="ast-row ast-row--holder" key={h.key}>
                  <Select
                    label={<Trans>Titolare {position}</Trans>}
                    required
                    name={`holder-${i}`}
                    placeholder={t`Scegli un cliente`}
                    data-testid={`holder-client-${i}`}
                    error={message(errors.holders[i]?.clientId)}
                    value={h.clientId === null ? '' : String(h.clientId)}
                    options={ownerOptions}
                    onChange={(v) => setHolder(i, { clientId: v ? Number(v) : null })}
                  />
                  <PercentInput
                    label={<Trans>Percentuale</Trans>}
                    required
                    name={`holder-share-${i}`}
                    data-testid={`holder-share-${i}`}
                    error={message(errors.holders[i]?.share)}
                    value={h.share}
                    onChange={(share) => setHolder(i, { share })}
                  />
                  <button
                    type="button"
                    className="pt-btn pt-btn--ghost ast-row__remove"
                    aria-label={t`Rimuovi il titolare ${position}`}
                    disabled={draft.holders.length === 1}
                    onClick={() => setDraft((d) => ({ ...d, holders: d.holders.filter((_, j) => j !== i) }))}
                  >
                    <Trans>Rimuovi</Trans>
                  </button>
                </div>
              );
            })}
            <div className="ast-fieldset__foot">
              <span className="pt-muted" data-testid="holders-total">
                <Trans>Totale: {totalText}</Trans>
              </span>
              <button
                type="button"
                className="pt-btn pt-btn--secondary"
                data-testid="add-holder"
                onClick={() => setDraft((d) => ({ ...d, holders: [...d.holders, keyed(emptyHolder())] }))}
              >
                <Trans>Aggiungi titolare</Trans>
              </button>
            </div>
            {errors.holdersList ? (
              <p className="pt-error" role="alert">
                {message(errors.holdersList)}
              </p>
            ) : null}
          </fieldset>

          <fieldset className="ast-fieldset" data-testid="company-figures">
            <legend>
              <Trans>Dati annuali</Trans>
            </legend>
            {draft.figures.map((f, i) => {
              const e = errors.figures[i] ?? {};
              const conflict = serverErrors.years.has(f.year.trim()) ? i18n._(CONFLICTS.yearPresent) : undefined;
              const rowName = f.year.trim() || String(i + 1);
              return (
                <fieldset className="ast-row ast-row--figures" key={f.key} aria-label={t`Anno ${rowName}`}>
                  <TextInput
                    label={<Trans>Anno</Trans>}
                    required
                    name={`year-${i}`}
                    inputMode="numeric"
                    maxLength={4}
                    readOnly={f.stored}
                    hint={f.stored ? <Trans>Già registrato</Trans> : undefined}
                    data-testid={`figures-year-${i}`}
                    error={conflict ?? message(e.year)}
                    value={f.year}
                    onChange={(year) => setFigures(i, { year })}
                  />
                  <CurrencyInput
                    label={<Trans>Valore dell'azienda</Trans>}
                    required
                    name={`value-${i}`}
                    data-testid={`figures-value-${i}`}
                    error={message(e.value)}
                    value={f.value}
                    onChange={(value) => setFigures(i, { value })}
                  />
                  <CurrencyInput
                    label={<Trans>Ricavi</Trans>}
                    required
                    name={`revenue-${i}`}
                    data-testid={`figures-revenue-${i}`}
                    error={message(e.revenue)}
                    value={f.revenue}
                    onChange={(revenue) => setFigures(i, { revenue })}
                  />
                  <CurrencyInput
                    signed
                    label={<Trans>Utile</Trans>}
                    required
                    name={`profit-${i}`}
                    data-testid={`figures-profit-${i}`}
                    error={message(e.profit)}
                    value={f.profit}
                    onChange={(profit) => setFigures(i, { profit })}
                  />
                  <CurrencyInput
                    signed
                    label={<Trans>EBITDA</Trans>}
                    required
                    name={`ebitda-${i}`}
                    data-testid={`figures-ebitda-${i}`}
                    error={message(e.ebitda)}
                    value={f.ebitda}
                    onChange={(ebitda) => setFigures(i, { ebitda })}
                  />
                  <button
                    type="button"
                    className="pt-btn pt-btn--ghost ast-row__remove"
                    aria-label={t`Rimuovi l'anno ${rowName}`}
                    disabled={draft.figures.length === 1}
                    onClick={() => setDraft((d) => ({ ...d, figures: d.figures.filter((_, j) => j !== i) }))}
                  >
                    <Trans>Rimuovi</Trans>
                  </button>
                </fieldset>
              );
            })}
            <div className="ast-fieldset__foot">
              <button
                type="button"
                className="pt-btn pt-btn--secondary"
                data-testid="add-figures"
                onClick={() => setDraft((d) => ({ ...d, figures: [...d.figures, keyed(emptyFigures())] }))}
              >
                <Trans>Aggiungi anno</Trans>
              </button>
            </div>
            {errors.figuresList ? (
              <p className="pt-error" role="alert">
                {message(errors.figuresList)}
              </p>
            ) : null}
          </fieldset>
        </>
      )}
    </FormDialog>
  );
}

/**
 * The calls of an edit, in an order the API accepts: the name, the holders, the years removed, edited, then added.
 * A year the API already holds (409 year_present) is recorded in `conflictYears` for its field.
 */
async function saveEdit(id: number, stored: Company, draft: CompanyDraft, conflictYears: Set<string>): Promise<void> {
  const changes = companyChanges(stored, draft);
  await saveInSteps(
    async () => {
      if (changes.legalName !== null)
        await api('updateCompany', { params: { id }, body: { legalName: changes.legalName } });
      if (changes.holdings !== null)
        await api('setCompanyHoldings', { params: { id }, body: { holdings: changes.holdings } });
      for (const year of changes.removeYears) await api('deleteCompanyFigures', { params: { id, year } });
      for (const { year, body } of changes.updateFigures)
        await api('updateCompanyFigures', { params: { id, year }, body });
      for (const body of changes.addFigures) {
        try {
          await api('addCompanyFigures', { params: { id }, body });
        } catch (err) {
          if (errorCode(err) === SHARE_YEAR_PRESENT) conflictYears.add(String(body.year));
          throw err;
        }
      }
    },
    {
      success: TOASTS.companyEdited,
      invalidate: SHARE_DATA_ROUTES,
      error: (err) => (errorCode(err) === SHARE_YEAR_PRESENT ? CONFLICTS.yearPresent : undefined),
    },
  );
}
