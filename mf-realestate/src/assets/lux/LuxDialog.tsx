// Add or edit an art or luxury item: owner (a family member in a family view), description, category, the first
// evaluation and its date (when adding; later ones go through the evaluation history), buy cost, yearly income,
// yearly maintenance, linked debt and a note.
import { Trans, useLingui } from '@lingui/react/macro';
import type { LuxCreate, LuxItem, LuxUpdate } from '@patrimonio/shared-api';
import {
  CurrencyInput,
  DatePicker,
  defaultOwner,
  Field,
  FormDialog,
  formatDate,
  formatMoney,
  type OwnerScope,
  Select,
  TextInput,
  todayIso,
  useApiMutation,
  useContractForm,
  useOwners,
} from '@patrimonio/shared-ui';
import { contract } from '@patrimonio/shared-ui/contract';
import { CATEGORY_LABELS, FIELD_ERRORS, type FieldCode, FUTURE_DATE, TOASTS } from '../common/labels.ts';
import { LUX_DATA_ROUTES } from '../common/routes.ts';
import { createBody, draftOf, emptyLux, futureEvaluation, LUX_CATEGORIES, type LuxDraft, updateBody } from './logic.ts';

export function LuxDialog(props: {
  open: boolean;
  onClose: () => void;
  scope: OwnerScope;
  /** The item to edit; none to add one. */
  item: LuxItem | null;
  onSaved?: (id: number) => void;
}) {
  const { t, i18n } = useLingui();
  const owners = useOwners(props.scope);
  const adding = props.item === null;
  const today = todayIso();
  // The form checks the contract's body, as the server does, and the evaluation date (today at the latest).
  const form = useContractForm<LuxDraft, typeof contract.createLux.body | typeof contract.updateLux.body>(
    adding ? contract.createLux.body : contract.updateLux.body,
    {
      open: props.open,
      defaults: props.item ? draftOf(props.item) : emptyLux(defaultOwner(owners)),
      toBody: adding ? createBody : updateBody,
      refine: (_body, values) => futureEvaluation(values, today, adding),
    },
  );
  const create = useApiMutation('createLux', { success: TOASTS.luxAdded, invalidate: LUX_DATA_ROUTES });
  const update = useApiMutation('updateLux', { success: TOASTS.luxEdited, invalidate: LUX_DATA_ROUTES });

  const draft = form.watch();
  const set = <K extends keyof LuxDraft>(key: K, value: LuxDraft[K]) => form.setValue(key as never, value as never);
  const code = (key: keyof LuxDraft) => form.codeOf<FieldCode>(key);
  const message = (c: FieldCode | undefined) => (c ? i18n._(FIELD_ERRORS[c]) : undefined);
  const currentValue = formatMoney(draft.evaluation);
  const currentDate = formatDate(draft.evaluationDate);

  const submit = form.submit(async (body) => {
    if (props.item) {
      await update.mutateAsync({ params: { id: props.item.id }, body: body as LuxUpdate });
      props.onSaved?.(props.item.id);
    } else {
      const { id } = await create.mutateAsync({ body: body as LuxCreate });
      props.onSaved?.(id);
    }
    props.onClose();
  });

  const categoryOptions = LUX_CATEGORIES.map((c) => ({ value: c, label: i18n._(CATEGORY_LABELS[c]) }));
  return (
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      onSubmit={() => void submit()}
      busy={create.isPending || update.isPending}
      title={adding ? <Trans>Nuovo bene</Trans> : <Trans>Modifica bene</Trans>}
      data-testid="lux-dialog"
    >
      {props.scope.isFamily && adding ? (
        <Select
          label={<Trans>Intestatario</Trans>}
          required
          name="owner"
          placeholder={t`Scegli un membro della famiglia`}
          data-testid="lux-owner"
          error={message(code('clientId'))}
          value={draft.clientId === null ? '' : String(draft.clientId)}
          options={owners.map((o) => ({ value: String(o.id), label: o.name }))}
          onChange={(v) => set('clientId', v ? Number(v) : null)}
        />
      ) : null}
      <TextInput
        label={<Trans>Descrizione</Trans>}
        required
        name="description"
        maxLength={300}
        data-testid="lux-description"
        error={message(code('description'))}
        value={draft.description}
        onChange={(v) => set('description', v)}
      />
      <Select
        label={<Trans>Categoria</Trans>}
        required
        name="category"
        placeholder={t`Scegli una categoria`}
        data-testid="lux-category"
        error={message(code('category'))}
        value={draft.category}
        options={categoryOptions}
        onChange={(v) => set('category', v)}
      />
      {adding ? (
        <div className="pt-form__row">
          <CurrencyInput
            label={<Trans>Valutazione</Trans>}
            required
            name="evaluation"
            data-testid="lux-evaluation"
            error={message(code('evaluation'))}
            value={draft.evaluation}
            onChange={(v) => set('evaluation', v)}
          />
          <DatePicker
            label={<Trans>Data della valutazione</Trans>}
            required
            name="evaluationDate"
            max={today}
            quickYears={false}
            data-testid="lux-evaluationDate"
            error={code('evaluationDate') === 'invalid' ? i18n._(FUTURE_DATE) : message(code('evaluationDate'))}
            value={draft.evaluationDate}
            onChange={(v) => set('evaluationDate', v)}
          />
        </div>
      ) : (
        <p className="pt-muted" data-testid="lux-current-evaluation">
          <Trans>
            Valutazione attuale: {currentValue} al {currentDate}. Le nuove valutazioni si aggiungono dallo storico.
          </Trans>
        </p>
      )}
      <div className="pt-form__row">
        <CurrencyInput
          label={<Trans>Costo d'acquisto</Trans>}
          name="buyCost"
          data-testid="lux-buyCost"
          error={message(code('buyCost'))}
          value={draft.buyCost}
          onChange={(v) => set('buyCost', v)}
        />
        <CurrencyInput
          label={<Trans>Reddito annuo</Trans>}
          name="yearlyIncome"
          data-testid="lux-yearlyIncome"
          error={message(code('yearlyIncome'))}
          value={draft.yearlyIncome}
          onChange={(v) => set('yearlyIncome', v)}
        />
      </div>
      <div className="pt-form__row">
        <CurrencyInput
          label={<Trans>Manutenzione annua</Trans>}
          name="yearlyMaintenance"
          data-testid="lux-yearlyMaintenance"
          error={message(code('yearlyMaintenance'))}
          value={draft.yearlyMaintenance}
          onChange={(v) => set('yearlyMaintenance', v)}
        />
        <CurrencyInput
          label={<Trans>Debito collegato</Trans>}
          name="linkedDebt"
          data-testid="lux-linkedDebt"
          error={message(code('linkedDebt'))}
          value={draft.linkedDebt}
          onChange={(v) => set('linkedDebt', v)}
        />
      </div>
      <Field label={<Trans>Note</Trans>} error={message(code('note'))}>
        {(control) => (
          <textarea
            {...control}
            className="pt-input"
            name="note"
            rows={3}
            maxLength={2000}
            data-testid="lux-note"
            value={draft.note}
            onChange={(e) => set('note', e.currentTarget.value)}
          />
        )}
      </Field>
    </FormDialog>
  );
}
