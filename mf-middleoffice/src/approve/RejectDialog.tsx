// Reject one or more pending movements with a mandatory reason (1 to 500 characters), kept on each movement,
// audited and shown to its author. The form is bound to the contract's body (POST /movement/temporary/reject).
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { bindField, FormDialog, TextArea, useContractForm, useFieldErrors } from '@patrimonio/shared-ui';
import { contract } from '@patrimonio/shared-ui/contract';

/** The contract's bound of the reason (RejectBody.reason). */
export const REASON_MAX = 500;

export function RejectDialog(props: {
  /** The ids to reject; the dialog is open while there are some. */
  ids: readonly number[] | null;
  onClose: () => void;
  reject: (ids: number[], reason: string) => Promise<void>;
  busy: boolean;
}) {
  const { t } = useLingui();
  const fieldError = useFieldErrors();
  const open = props.ids !== null && props.ids.length > 0;
  const ids = props.ids ?? [];
  const form = useContractForm(contract.rejectMovements.body, {
    open,
    defaults: { reason: '' },
    toBody: (v) => ({ ids: [...ids], reason: v.reason.trim() }),
  });
  const count = ids.length;

  const submit = form.submit(async (body) => {
    await props.reject(body.ids, body.reason);
    props.onClose();
  });

  return (
    <FormDialog
      open={open}
      onClose={props.onClose}
      onSubmit={(e) => void submit(e)}
      busy={props.busy}
      title={<Plural value={count} one="Rifiuta # movimento" other="Rifiuta # movimenti" />}
      submitLabel={<Trans>Rifiuta</Trans>}
      submitTestId="reject-submit"
      error={form.submitError ? <Trans>Impossibile rifiutare il movimento. Riprova tra qualche istante.</Trans> : null}
      data-testid="reject-dialog"
    >
      <p className="mo-summary">
        <Trans>
          Il motivo resta sul movimento, viene registrato nel registro delle attività ed è mostrato a chi lo ha
          inserito.
        </Trans>
      </p>
      <TextArea
        label={<Trans>Motivo del rifiuto</Trans>}
        required
        rows={4}
        hint={t`Da 1 a ${REASON_MAX} caratteri`}
        maxLength={REASON_MAX}
        name="reason"
        data-testid="reject-reason"
        {...bindField(form, 'reason', fieldError)}
        onChange={(v) => {
          form.setValue('reason', v);
          form.clearErrors('reason');
        }}
      />
    </FormDialog>
  );
}
