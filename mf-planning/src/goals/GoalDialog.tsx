// Add or edit a goal (spec data-and-admin section 3 "Goal form"): description, amount and the target date with the
// date picker's quick buttons (+5, +10, +15, +20 years), bound to the contract's GoalInput. The add form carries the
// guided tour's targets (goal-description, goal-amount, goal-date, goal-submit): the tour reads the fields as they
// are, and is told the amount is filled only when it is above zero (the contract's rule, which the input itself
// does not check).
import { Trans, useLingui } from '@lingui/react/macro';
import type { Goal } from '@patrimonio/shared-api';
import {
  CurrencyInput,
  DatePicker,
  FormDialog,
  getTourState,
  type OwnerScope,
  setStepValid,
  TextInput,
  todayIso,
  useApiMutation,
  useContractForm,
  useFieldErrors,
} from '@patrimonio/shared-ui';
import { contract } from '@patrimonio/shared-ui/contract';
import { useEffect } from 'react';
import { GOAL_FIELD_ERRORS, GOAL_TOASTS } from './labels.ts';
import { firstGoalDate, type GoalFormValues, goalBody, goalFormDefaults, goalUpdateBody } from './logic.ts';

/** The answers a goal's change affects: the list and the projection (the position page's panel reads it too). */
export const GOAL_ROUTES = ['listGoals', 'goalProjection'] as const;

export function GoalDialog(props: { open: boolean; onClose: () => void; scope: OwnerScope; goal: Goal | null }) {
  const { t } = useLingui();
  const fieldError = useFieldErrors(GOAL_FIELD_ERRORS);
  const today = todayIso();
  const editing = props.goal !== null;
  const form = useContractForm(contract.createGoal.body, {
    open: props.open,
    defaults: goalFormDefaults(props.goal, today),
    toBody: (v: GoalFormValues) => (editing ? goalUpdateBody(v) : goalBody(v, props.scope)),
    refine: (body) => ({ initDate: body.initDate && body.initDate <= today ? 'future' : undefined }),
  });
  const create = useApiMutation('createGoal', { success: GOAL_TOASTS.added, invalidate: GOAL_ROUTES });
  const update = useApiMutation('updateGoal', { success: GOAL_TOASTS.edited, invalidate: GOAL_ROUTES });

  const amount = form.watch('amount');
  // The tour's amount step: filled means above zero (an amount of 0 is a valid number but not a goal).
  useEffect(() => {
    if (props.open && !editing && getTourState().active) setStepValid('goal-amount', amount !== null && amount > 0);
  }, [props.open, editing, amount]);

  const submit = form.submit(async (body) => {
    if (props.goal) {
      const { clientId: _none, ...change } = body;
      await update.mutateAsync({ params: { id: props.goal.id }, body: change });
    } else await create.mutateAsync({ body });
    props.onClose();
  });

  return (
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      onSubmit={(e) => void submit(e)}
      busy={create.isPending || update.isPending}
      title={editing ? <Trans>Modifica obiettivo</Trans> : <Trans>Nuovo obiettivo</Trans>}
      submitTour={editing ? undefined : 'goal-submit'}
      submitTestId="goal-submit"
      data-testid="goal-dialog"
    >
      <TextInput
        label={<Trans>Descrizione</Trans>}
        required
        maxLength={200}
        name="description"
        placeholder={t`Ad esempio: casa al mare`}
        data-testid="goal-description"
        data-tour={editing ? undefined : 'goal-description'}
        value={form.watch('description')}
        onChange={(v) => form.setValue('description', v)}
        error={fieldError(form.codeOf('description'))}
      />
      <CurrencyInput
        label={<Trans>Importo da raggiungere</Trans>}
        required
        name="amount"
        data-testid="goal-amount"
        data-tour={editing ? undefined : 'goal-amount'}
        value={amount}
        onChange={(v) => form.setValue('amount', v)}
        error={fieldError(form.codeOf('amount'))}
      />
      <DatePicker
        label={<Trans>Data obiettivo</Trans>}
        hint={<Trans>Entro quando raggiungere l'importo.</Trans>}
        required
        name="initDate"
        min={firstGoalDate(today)}
        data-testid="goal-date"
        data-tour={editing ? undefined : 'goal-date'}
        value={form.watch('initDate')}
        onChange={(v) => form.setValue('initDate', v)}
        error={fieldError(form.codeOf('initDate'))}
      />
    </FormDialog>
  );
}
