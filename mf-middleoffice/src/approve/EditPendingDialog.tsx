// Edit a pending movement before approving it (PUT /movement/temporary/:id): cause, subcause (FEE only),
// instrument (searched by ISIN or name in the instrument list, GET /stock, as the movement dialog finds it) and
// account (among the accounts of the same client). "Approve after saving" makes it the edit-and-approve path: the
// edit is saved, then the movement approved.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Movement } from '@patrimonio/shared-api';
import {
  CAUSE_LABELS,
  errorCode,
  errorStatus,
  Field,
  FormDialog,
  formatDateTime,
  formatMoney,
  labelOptions,
  SEARCH_DEBOUNCE_MS,
  Select,
  SUBCAUSE_LABELS,
  toast,
  useApiMutation,
  useApiQuery,
  useContractForm,
  useDebounced,
  useFieldErrors,
} from '@patrimonio/shared-ui';
import { contract } from '@patrimonio/shared-ui/contract';
import { type KeyboardEvent, useState } from 'react';
import { causeText, instrumentText } from './columns.ts';
import { refreshAfter, refusalText } from './decisions.ts';
import { type EditForm, editBody, editFormOf, editRefine, isTrade, OTHER_SUBCAUSE } from './logic.ts';

/** The instrument search asks the list from this many characters, for this many matches. */
export const INSTRUMENT_SEARCH_MIN = 2;
export const INSTRUMENT_SEARCH_SIZE = 20;

const msgCheckFields = msg`Controlla i campi evidenziati`;
const msgEdited = msg`Movimento modificato`;

const EMPTY: EditForm = { cause: '', subcause: '', instrumentId: '', accountId: '' };

export function EditPendingDialog(props: {
  movement: Movement | null;
  onClose: () => void;
  /** Approves one movement (the page's decisions); true when it went through. */
  approve: (ids: number[]) => Promise<boolean>;
}) {
  const { t, i18n } = useLingui();
  const fieldError = useFieldErrors();
  const { movement } = props;
  const open = movement !== null;
  const [andApprove, setAndApprove] = useState(false);
  const [term, setTerm] = useState('');
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const [openedFor, setOpenedFor] = useState<number | null>(null);
  // Each opening starts afresh (the form itself resets in useContractForm).
  if (open && openedFor !== movement.id) {
    setOpenedFor(movement.id);
    setAndApprove(false);
    setTerm('');
    setPicked(null);
  }
  if (!open && openedFor !== null) setOpenedFor(null);

  const form = useContractForm(contract.editPendingMovement.body, {
    open,
    defaults: movement ? editFormOf(movement) : EMPTY,
    toBody: editBody,
    refine: (body) => editRefine(body),
  });
  const values = form.watch();
  const set = (key: keyof EditForm, value: string) => form.setValue(key, value);

  const accounts = useApiQuery(
    'accountMenu',
    { query: { clientId: movement?.ownerId ?? 0 } },
    { enabled: open && movement !== null },
  );
  const search = useDebounced(term.trim(), SEARCH_DEBOUNCE_MS);
  const stocks = useApiQuery(
    'listStocks',
    { query: { q: search, size: INSTRUMENT_SEARCH_SIZE, sort: 'name,asc' } },
    { enabled: open && search.length >= INSTRUMENT_SEARCH_MIN },
  );
  const edit = useApiMutation('editPendingMovement', {
    success: null,
    error: (e) => (errorStatus(e) === 400 ? msgCheckFields : refusalText(i18n, e)),
  });

  const accountOptions = (accounts.data ?? []).map((a) => ({
    value: String(a.id),
    label: `${a.name} · ${a.intermediary}`,
  }));
  if (movement && !accountOptions.some((o) => o.value === String(movement.accountId)))
    accountOptions.unshift({ value: String(movement.accountId), label: movement.accountName });

  const searching = open && search.length >= INSTRUMENT_SEARCH_MIN;
  const found = searching ? (stocks.data?.item ?? []) : [];
  const instrumentOptions: { value: string; label: string }[] = [];
  const addOption = (o: { value: string; label: string } | null) => {
    if (o?.value && !instrumentOptions.some((x) => x.value === o.value)) instrumentOptions.push(o);
  };
  if (movement?.instrumentId) addOption({ value: String(movement.instrumentId), label: instrumentText(movement) });
  addOption(picked);
  for (const s of found) addOption({ value: String(s.id), label: `${s.isin} · ${s.name}` });

  const trade = isTrade(values.cause);
  const translate = (d: MessageDescriptor) => i18n._(d);

  const submit = form.submit(async (body) => {
    if (!movement) return;
    try {
      await edit.mutateAsync({ params: { id: movement.id }, body });
    } catch (error) {
      // Decided by someone else meanwhile, or gone: the toast said so; the list moves on.
      if (errorCode(error) === 'not_pending' || errorStatus(error) === 404) {
        void refreshAfter('edit');
        props.onClose();
        return;
      }
      throw error;
    }
    if (andApprove) await props.approve([movement.id]);
    else {
      toast.success(msgEdited);
      void refreshAfter('edit');
    }
    props.onClose();
  });

  const foundCount = found.length;
  const searchStatus = !searching
    ? t`Scrivi almeno ${INSTRUMENT_SEARCH_MIN} caratteri dell'ISIN o del nome`
    : stocks.isFetching
      ? t`Ricerca…`
      : found.length
        ? t`${foundCount} strumenti trovati: scegli nell'elenco qui sotto`
        : t`Nessuno strumento trovato`;

  return (
    <FormDialog
      open={open}
      onClose={props.onClose}
      onSubmit={(e) => void submit(e)}
      busy={edit.isPending}
      title={<Trans>Modifica il movimento prima di approvarlo</Trans>}
      submitLabel={andApprove ? <Trans>Salva e approva</Trans> : <Trans>Salva</Trans>}
      submitTestId="edit-submit"
      error={form.submitError ? <Trans>Impossibile salvare. Riprova tra qualche istante.</Trans> : null}
      wide
      data-testid="edit-pending-dialog"
    >
      {movement ? (
        <p className="mo-summary" data-testid="edit-summary">
          {movement.owner} · {formatDateTime(movement.dateTime)} · {causeText(i18n, movement)} ·{' '}
          {formatMoney(movement.amount, movement.currencySymbol)}
        </p>
      ) : null}
      <div className="pt-form__row">
        <Select
          label={<Trans>Causale</Trans>}
          required
          name="cause"
          data-testid="edit-cause"
          error={fieldError(form.codeOf('cause'))}
          value={values.cause}
          options={labelOptions(CAUSE_LABELS, translate)}
          onChange={(v) => {
            set('subcause', v === 'FEE' ? values.subcause || OTHER_SUBCAUSE : '');
            set('cause', v);
          }}
        />
        {values.cause === 'FEE' ? (
          <Select
            label={<Trans>Sottocausale</Trans>}
            name="subcause"
            data-testid="edit-subcause"
            error={fieldError(form.codeOf('subcause'))}
            value={values.subcause || OTHER_SUBCAUSE}
            options={labelOptions(SUBCAUSE_LABELS, translate)}
            onChange={(v) => set('subcause', v)}
          />
        ) : null}
      </div>
      <Field label={<Trans>Cerca uno strumento</Trans>} hint={searchStatus}>
        {(control) => (
          <input
            {...control}
            type="search"
            className="pt-input"
            name="instrumentSearch"
            autoComplete="off"
            maxLength={200}
            placeholder={t`ISIN o nome`}
            data-testid="edit-instrument-search"
            value={term}
            onChange={(e) => setTerm(e.currentTarget.value)}
            // Enter searches (it is already under way): it must not submit the dialog.
            onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
              if (e.key === 'Enter') e.preventDefault();
            }}
          />
        )}
      </Field>
      <Select
        label={<Trans>Strumento</Trans>}
        required={trade}
        name="instrumentId"
        data-testid="edit-instrument"
        placeholder={t`Nessuno strumento`}
        hint={trade ? <Trans>Obbligatorio per acquisti e vendite</Trans> : null}
        error={fieldError(form.codeOf('instrumentId'))}
        value={values.instrumentId}
        options={instrumentOptions}
        onChange={(v) => {
          setPicked(instrumentOptions.find((o) => o.value === v) ?? null);
          set('instrumentId', v);
        }}
      />
      <Select
        label={<Trans>Conto</Trans>}
        required
        name="accountId"
        data-testid="edit-account"
        hint={<Trans>Tra i conti dello stesso cliente</Trans>}
        error={fieldError(form.codeOf('accountId'))}
        value={values.accountId}
        options={accountOptions}
        onChange={(v) => set('accountId', v)}
      />
      <label className="mo-check">
        <input
          type="checkbox"
          checked={andApprove}
          onChange={(e) => setAndApprove(e.currentTarget.checked)}
          data-testid="edit-and-approve"
        />
        <Trans>Approva il movimento dopo averlo salvato</Trans>
      </label>
    </FormDialog>
  );
}
