// Add or edit an art or luxury item: owner (a family member in a family view), description, category, the first
// evaluation and its date (when adding; later ones go through the evaluation history), buy cost, yearly income,
// yearly maintenance, linked debt and a note.
import { Trans, useLingui } from '@lingui/react/macro';
import type { LuxItem } from '@patrimonio/shared-api';
import {
  CurrencyInput,
  DatePicker,
  Field,
  FormDialog,
  formatDate,
  formatMoney,
  type OwnerScope,
  Select,
  serverFieldErrors,
  TextInput,
  todayIso,
  useApiMutation,
  useOwners,
} from '@patrimonio/shared-ui';
import { useEffect, useState } from 'react';
import { CATEGORY_LABELS, FIELD_ERRORS, type FieldCode, FUTURE_DATE, TOASTS } from '../common/labels.ts';
import { LUX_DATA_ROUTES } from '../common/routes.ts';
import {
  createBody,
  draftOf,
  emptyLux,
  LUX_CATEGORIES,
  type LuxDraft,
  type LuxErrors,
  updateBody,
  validateLux,
} from './logic.ts';

/** The API's field names, for the fields a 400 answer names. */
const SERVER_FIELDS = {
  clientId: 'clientId',
  description: 'description',
  category: 'category',
  evaluation: 'evaluation',
  evaluationDate: 'evaluationDate',
  buyCost: 'buyCost',
  yearlyIncome: 'yearlyIncome',
  yearlyMaintenance: 'yearlyMaintenance',
  linkedDebt: 'linkedDebt',
  note: 'note',
} as const satisfies Record<string, keyof LuxDraft>;

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
  const [draft, setDraft] = useState<LuxDraft>(emptyLux);
  const [errors, setErrors] = useState<Partial<Record<keyof LuxDraft, FieldCode>>>({});
  const create = useApiMutation('createLux', { success: TOASTS.luxAdded, invalidate: LUX_DATA_ROUTES });
  const update = useApiMutation('updateLux', { success: TOASTS.luxEdited, invalidate: LUX_DATA_ROUTES });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time the dialog opens.
  useEffect(() => {
    if (!props.open) return;
    setErrors({});
    setDraft(props.item ? draftOf(props.item) : emptyLux(owners.length === 1 ? owners[0]!.id : null));
  }, [props.open, props.item]);

  const set = <K extends keyof LuxDraft>(key: K, value: LuxDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const message = (code: FieldCode | undefined) => (code ? i18n._(FIELD_ERRORS[code]) : undefined);
  const today = todayIso();
  const currentValue = formatMoney(draft.evaluation);
  const currentDate = formatDate(draft.evaluationDate);

  const submit = async () => {
    const e: LuxErrors = validateLux(draft, today, adding);
    setErrors(e);
    if (Object.keys(e).length > 0) return;
    try {
      if (props.item) {
        await update.mutateAsync({ params: { id: props.item.id }, body: updateBody(draft) });
        props.onSaved?.(props.item.id);
      } else {
        const { id } = await create.mutateAsync({ body: createBody(draft) });
        props.onSaved?.(id);
      }
      props.onClose();
    } catch (err) {
      setErrors(serverFieldErrors(err, SERVER_FIELDS));
    }
  };

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
          error={message(errors.clientId)}
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
        error={message(errors.description)}
        value={draft.description}
        onChange={(v) => set('description', v)}
      />
      <Select
        label={<Trans>Categoria</Trans>}
        required
        name="category"
        placeholder={t`Scegli una categoria`}
        data-testid="lux-category"
        error={message(errors.category)}
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
            error={message(errors.evaluation)}
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
            error={errors.evaluationDate === 'invalid' ? i18n._(FUTURE_DATE) : message(errors.evaluationDate)}
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
          error={message(errors.buyCost)}
          value={draft.buyCost}
          onChange={(v) => set('buyCost', v)}
        />
        <CurrencyInput
          label={<Trans>Reddito annuo</Trans>}
          name="yearlyIncome"
          data-testid="lux-yearlyIncome"
          error={message(errors.yearlyIncome)}
          value={draft.yearlyIncome}
          onChange={(v) => set('yearlyIncome', v)}
        />
      </div>
      <div className="pt-form__row">
        <CurrencyInput
          label={<Trans>Manutenzione annua</Trans>}
          name="yearlyMaintenance"
          data-testid="lux-yearlyMaintenance"
          error={message(errors.yearlyMaintenance)}
          value={draft.yearlyMaintenance}
          onChange={(v) => set('yearlyMaintenance', v)}
        />
        <CurrencyInput
          label={<Trans>Debito collegato</Trans>}
          name="linkedDebt"
          data-testid="lux-linkedDebt"
          error={message(errors.linkedDebt)}
          value={draft.linkedDebt}
          onChange={(v) => set('linkedDebt', v)}
        />
      </div>
      <Field label={<Trans>Note</Trans>} error={message(errors.note)}>
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
