// Add or edit a company: its legal name, its holders (a client each, with a percentage; in a family view the
// family's members, else the route's client) and its yearly figures (year, revenue, profit, EBITDA, value).
// Adding is one call; an edit sends only what changed (name, holders, and each year added, edited or removed).
import { Trans, useLingui } from '@lingui/react/macro';
import type { Company } from '@patrimonio/shared-api';
import {
  api,
  CurrencyInput,
  defaultOwner,
  errorCode,
  FormDialog,
  formatPercent,
  type OwnerScope,
  PercentInput,
  QueryState,
  Select,
  TextInput,
  useApiMutation,
  useApiQuery,
  useContractForm,
  useOwners,
} from '@patrimonio/shared-ui';
import { contract } from '@patrimonio/shared-ui/contract';
import { useState } from 'react';
import { SHARE_YEAR_PRESENT } from '../common/contract.ts';
import { CONFLICTS, FIELD_ERRORS, type FieldCode, TOASTS } from '../common/labels.ts';
import { SHARE_DATA_ROUTES } from '../common/routes.ts';
import { saveInSteps } from '../common/save.ts';
import {
  COMPANY_FIELDS,
  type CompanyDraft,
  companyChanges,
  companyRules,
  createBody,
  draftOf,
  emptyFigures,
  emptyHolder,
  type FiguresDraft,
  type HolderDraft,
} from './logic.ts';

/** Rows carry a key of their own: removing a row must not hand its inputs to the next one. */
type Keyed<T> = T & { key: number };
interface Draft {
  legalName: string;
  holders: Keyed<HolderDraft>[];
  figures: Keyed<FiguresDraft>[];
}

/** A draft with its rows keyed by position (the same draft gives the same form: no reset while typing). */
const keyedDraft = (d: CompanyDraft): Draft => ({
  legalName: d.legalName,
  holders: d.holders.map((h, key) => ({ ...h, key })),
  figures: d.figures.map((f, key) => ({ ...f, key })),
});
/** A key no row of the list has. */
const nextKey = (rows: ReadonlyArray<{ key: number }>) => Math.max(-1, ...rows.map((r) => r.key)) + 1;
/** A year the API already holds (409 year_present), on its field. */
type CompanyCode = FieldCode | 'yearPresent';

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
  // The company as it first loaded in this opening: a refetch after a partly failed save must not wipe what the
  // user typed (state set while rendering, React's way to follow a changing input).
  const [loaded, setLoaded] = useState<Company | null>(null);
  if (!props.open && loaded) setLoaded(null);
  if (props.open && !loaded && stored.data) setLoaded(stored.data);
  const create = useApiMutation('createCompany', { success: TOASTS.companyAdded, invalidate: SHARE_DATA_ROUTES });
  const [saving, setSaving] = useState(false);

  // The form checks the contract's body of a new company (an edit sends the same data in parts), as the server
  // does, and the rules beyond it; each opening starts over: the stored company when editing (empty until it
  // loads), else one holder (the route's client when there is only one candidate) and last year's figures.
  const form = useContractForm<Draft, typeof contract.createCompany.body>(contract.createCompany.body, {
    open: props.open,
    defaults: keyedDraft(
      editing
        ? loaded
          ? draftOf(loaded)
          : { legalName: '', holders: [], figures: [] }
        : {
            legalName: '',
            holders: [emptyHolder(defaultOwner(owners))],
            figures: [emptyFigures(new Date().getFullYear() - 1)],
          },
    ),
    toBody: createBody,
    fields: COMPANY_FIELDS as never,
    refine: (_body, values) => companyRules(values),
  });
  const draft = form.watch();

  // Candidates: the scope's clients, plus the stored holders (a company may also be held outside the scope).
  const candidates = new Map(owners.map((o) => [o.id, o.name]));
  for (const h of stored.data?.holdings ?? [])
    if (h.clientId !== null && !candidates.has(h.clientId)) candidates.set(h.clientId, h.name ?? '');
  const ownerOptions = [...candidates].map(([id, name]) => ({ value: String(id), label: name || `#${id}` }));

  const message = (name: string) => {
    const code = form.codeOf<CompanyCode>(name as never);
    if (code === 'yearPresent') return i18n._(CONFLICTS.yearPresent);
    return code ? i18n._(FIELD_ERRORS[code]) : undefined;
  };
  const setHolders = (holders: Draft['holders']) => form.setValue('holders', holders);
  const setFigures = (figures: Draft['figures']) => form.setValue('figures', figures);
  const setHolder = (i: number, patch: Partial<HolderDraft>) =>
    setHolders(draft.holders.map((h, j) => (j === i ? { ...h, ...patch } : h)));
  const setRow = (i: number, patch: Partial<FiguresDraft>) =>
    setFigures(draft.figures.map((f, j) => (j === i ? { ...f, ...patch } : f)));
  const total = draft.holders.reduce((sum, h) => sum + (h.share ?? 0), 0);
  const totalText = formatPercent(Math.round(total * 10_000) / 100, i18n.locale === 'en' ? 'en' : 'it');

  const submit = form.submit(async (body, values) => {
    const id = props.companyId;
    const conflictYears = new Set<string>();
    setSaving(true);
    try {
      if (id === null) await create.mutateAsync({ body });
      else if (stored.data) await saveEdit(id, stored.data, values, conflictYears);
      props.onClose();
    } catch (err) {
      values.figures.forEach((f, i) => {
        if (conflictYears.has(f.year.trim())) form.setError(`figures.${i}.year`, { type: 'yearPresent' });
      });
      throw err;
    } finally {
      setSaving(false);
    }
  });

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
            error={message('legalName')}
            value={draft.legalName}
            onChange={(legalName) => form.setValue('legalName', legalName)}
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
                    error={message(`holders.${i}.clientId`)}
                    value={h.clientId === null ? '' : String(h.clientId)}
                    options={ownerOptions}
                    onChange={(v) => setHolder(i, { clientId: v ? Number(v) : null })}
                  />
                  <PercentInput
                    label={<Trans>Percentuale</Trans>}
                    required
                    name={`holder-share-${i}`}
                    data-testid={`holder-share-${i}`}
                    error={message(`holders.${i}.share`)}
                    value={h.share}
                    onChange={(share) => setHolder(i, { share })}
                  />
                  <button
                    type="button"
                    className="pt-btn pt-btn--ghost ast-row__remove"
                    aria-label={t`Rimuovi il titolare ${position}`}
                    disabled={draft.holders.length === 1}
                    onClick={() => setHolders(draft.holders.filter((_, j) => j !== i))}
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
                onClick={() => setHolders([...draft.holders, { ...emptyHolder(), key: nextKey(draft.holders) }])}
              >
                <Trans>Aggiungi titolare</Trans>
              </button>
            </div>
            {message('holdersList') ? (
              <p className="pt-error" role="alert">
                {message('holdersList')}
              </p>
            ) : null}
          </fieldset>

          <fieldset className="ast-fieldset" data-testid="company-figures">
            <legend>
              <Trans>Dati annuali</Trans>
            </legend>
            {draft.figures.map((f, i) => {
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
                    error={message(`figures.${i}.year`)}
                    value={f.year}
                    onChange={(year) => setRow(i, { year })}
                  />
                  <CurrencyInput
                    label={<Trans>Valore dell'azienda</Trans>}
                    required
                    name={`value-${i}`}
                    data-testid={`figures-value-${i}`}
                    error={message(`figures.${i}.value`)}
                    value={f.value}
                    onChange={(value) => setRow(i, { value })}
                  />
                  <CurrencyInput
                    label={<Trans>Ricavi</Trans>}
                    required
                    name={`revenue-${i}`}
                    data-testid={`figures-revenue-${i}`}
                    error={message(`figures.${i}.revenue`)}
                    value={f.revenue}
                    onChange={(revenue) => setRow(i, { revenue })}
                  />
                  <CurrencyInput
                    signed
                    label={<Trans>Utile</Trans>}
                    required
                    name={`profit-${i}`}
                    data-testid={`figures-profit-${i}`}
                    error={message(`figures.${i}.profit`)}
                    value={f.profit}
                    onChange={(profit) => setRow(i, { profit })}
                  />
                  <CurrencyInput
                    signed
                    label={<Trans>EBITDA</Trans>}
                    required
                    name={`ebitda-${i}`}
                    data-testid={`figures-ebitda-${i}`}
                    error={message(`figures.${i}.ebitda`)}
                    value={f.ebitda}
                    onChange={(ebitda) => setRow(i, { ebitda })}
                  />
                  <button
                    type="button"
                    className="pt-btn pt-btn--ghost ast-row__remove"
                    aria-label={t`Rimuovi l'anno ${rowName}`}
                    disabled={draft.figures.length === 1}
                    onClick={() => setFigures(draft.figures.filter((_, j) => j !== i))}
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
                onClick={() => setFigures([...draft.figures, { ...emptyFigures(), key: nextKey(draft.figures) }])}
              >
                <Trans>Aggiungi anno</Trans>
              </button>
            </div>
            {message('figuresList') ? (
              <p className="pt-error" role="alert">
                {message('figuresList')}
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
