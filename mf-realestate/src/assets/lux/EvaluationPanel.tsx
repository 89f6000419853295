// An item's evaluation history beside the table: the 5 latest evaluations by date (spec section 9), and for
// writers a form to add one and a two-step delete (the item's last evaluation cannot be deleted: the API refuses).
// A date the item already has an evaluation for shows the API's 409 (evaluation_date_present) on the date field.
import { Trans, useLingui } from '@lingui/react/macro';
import type { LuxItem } from '@patrimonio/shared-api';
import {
  CurrencyInput,
  DatePicker,
  errorCode,
  errorStatus,
  formatDate,
  formatMoney,
  QueryState,
  TwoStepButton,
  todayIso,
  useApiMutation,
  useApiQuery,
} from '@patrimonio/shared-ui';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { LUX_EVALUATION_DATE_PRESENT } from '../common/contract.ts';
import { CATEGORY_LABELS, CONFLICTS, FIELD_ERRORS, type FieldCode, FUTURE_DATE, TOASTS } from '../common/labels.ts';
import { LUX_DATA_ROUTES } from '../common/routes.ts';
import { type EvaluationDraft, HISTORY_SIZE, validateEvaluation } from './logic.ts';

export function EvaluationPanel(props: { item: LuxItem; writer: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const history = useApiQuery('listLuxEvaluations', {
    params: { id: props.item.id },
    query: { page: 1, size: HISTORY_SIZE },
  });
  const remove = useApiMutation('deleteLuxEvaluation', {
    success: TOASTS.evaluationDeleted,
    invalidate: LUX_DATA_ROUTES,
  });
  // A new form after each evaluation added (its fields not yet touched, so no 'required' on them).
  const [added, setAdded] = useState(0);
  const rows = history.data?.item ?? [];
  const total = history.data?.total ?? 0;

  // Focus moves to the panel when it opens, so keyboard users land on what they opened (the page keys the panel by
  // item: another item is a new panel).
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <aside
      className="pt-panel"
      aria-labelledby={titleId}
      data-testid="evaluation-panel"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          props.onClose();
        }
      }}
    >
      <div className="pt-panel__head">
        <div>
          <h2 id={titleId} className="pt-panel__title" tabIndex={-1} ref={heading}>
            {props.item.description}
          </h2>
          <p className="pt-muted ast-small">
            {i18n._(CATEGORY_LABELS[props.item.category])} · {props.item.owner}
          </p>
        </div>
        <button type="button" className="pt-btn pt-btn--ghost" onClick={props.onClose} data-testid="panel-close">
          <Trans>Chiudi</Trans>
        </button>
      </div>
      <h3 className="pt-panel__subtitle">
        <Trans>Storico delle valutazioni</Trans>
      </h3>
      <QueryState loading={history.isLoading} error={history.error}>
        {rows.length === 0 ? (
          <p className="pt-muted">
            <Trans>Nessuna valutazione.</Trans>
          </p>
        ) : (
          <table className="pt-plain-table" data-testid="evaluation-history">
            <caption className="ast-small pt-muted">
              <Trans>Le {HISTORY_SIZE} valutazioni più recenti</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Data</Trans>
                </th>
                <th scope="col" className="pt-num">
                  <Trans>Valore</Trans>
                </th>
                {props.writer ? (
                  <th scope="col">
                    <span className="pt-sr-only">
                      <Trans>Azioni</Trans>
                    </span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const when = formatDate(r.evaluationDate);
                return (
                  <tr key={r.id}>
                    <th scope="row">{when}</th>
                    <td className="pt-num">{formatMoney(r.value)}</td>
                    {props.writer ? (
                      <td>
                        {total > 1 ? (
                          <TwoStepButton
                            aria-label={t`Elimina la valutazione del ${when}`}
                            confirmLabel={t`Conferma`}
                            onConfirm={() => remove.mutate({ params: { id: props.item.id, evaluationId: r.id } })}
                            data-testid="evaluation-delete"
                          >
                            <Trans>Elimina</Trans>
                          </TwoStepButton>
                        ) : null}
                      </td>
                    ) : null}
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </QueryState>
      {props.writer ? (
        <AddEvaluation
          key={`${props.item.id}-${added}`}
          itemId={props.item.id}
          onAdded={() => setAdded((n) => n + 1)}
        />
      ) : null}
    </aside>
  );
}

function AddEvaluation({ itemId, onAdded }: { itemId: number; onAdded: () => void }) {
  const { i18n } = useLingui();
  const [draft, setDraft] = useState<EvaluationDraft>({ evaluationDate: null, value: null });
  const [errors, setErrors] = useState<Partial<Record<keyof EvaluationDraft, FieldCode>>>({});
  const create = useApiMutation('createLuxEvaluation', {
    success: TOASTS.evaluationAdded,
    invalidate: LUX_DATA_ROUTES,
    // The duplicate date is told on the field; the toast says it too (instead of the generic error).
    error: (e) => (errorCode(e) === LUX_EVALUATION_DATE_PRESENT ? CONFLICTS.evaluationDatePresent : undefined),
  });
  const today = todayIso();

  const dateMessage = (code: FieldCode | undefined) =>
    code === 'duplicate'
      ? i18n._(CONFLICTS.evaluationDatePresent)
      : code === 'invalid'
        ? i18n._(FUTURE_DATE)
        : code
          ? i18n._(FIELD_ERRORS[code])
          : undefined;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateEvaluation(draft, today);
    setErrors(found);
    if (Object.keys(found).length > 0 || draft.evaluationDate === null || draft.value === null) return;
    try {
      await create.mutateAsync({
        params: { id: itemId },
        body: { evaluationDate: draft.evaluationDate, value: draft.value },
      });
      onAdded();
    } catch (err) {
      if (errorStatus(err) === 409) setErrors({ evaluationDate: 'duplicate' });
      else if (errorStatus(err) === 400) setErrors({ evaluationDate: 'server', value: 'server' });
    }
  };

  return (
    <form className="ast-inline-form" onSubmit={(e) => void submit(e)} noValidate data-testid="evaluation-form">
      <h3 className="pt-panel__subtitle">
        <Trans>Nuova valutazione</Trans>
      </h3>
      <div className="pt-form__row">
        <DatePicker
          label={<Trans>Data</Trans>}
          required
          name="evaluationDate"
          max={today}
          quickYears={false}
          data-testid="evaluation-date"
          error={dateMessage(errors.evaluationDate)}
          value={draft.evaluationDate}
          onChange={(evaluationDate) => setDraft((d) => ({ ...d, evaluationDate }))}
        />
        <CurrencyInput
          label={<Trans>Valore</Trans>}
          required
          name="value"
          data-testid="evaluation-value"
          error={errors.value ? i18n._(FIELD_ERRORS[errors.value]) : undefined}
          value={draft.value}
          onChange={(value) => setDraft((d) => ({ ...d, value }))}
        />
      </div>
      <div className="ast-inline-form__buttons">
        <button
          type="submit"
          className="pt-btn pt-btn--primary"
          disabled={create.isPending}
          aria-busy={create.isPending || undefined}
          data-testid="evaluation-submit"
        >
          <Trans>Aggiungi valutazione</Trans>
        </button>
      </div>
    </form>
  );
}
