// "Accetta differenze" (POST /controls/:clientId/:portfolioId/accept): the differences at a bank date are accepted
// with a mandatory note (audited), which marks the date OK. The form is bound to the contract's body; success
// refetches the controls and the portfolio menu (lastQuantityCheckOkDate may move: the report dialog follows).
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  bindField,
  FormDialog,
  formatDate,
  refreshControlData,
  TextArea,
  useApiMutation,
  useContractForm,
  useFieldErrors,
} from '@patrimonio/shared-ui';
import { contract } from '@patrimonio/shared-ui/contract';

export const NOTE_MAX = 1000;
const ACCEPTED = msg`Differenze accettate`;

export function AcceptDialog(props: {
  open: boolean;
  onClose: () => void;
  clientId: number;
  portfolioId: number;
  date: string;
  differences: number;
}) {
  const { t } = useLingui();
  const fieldError = useFieldErrors();
  const form = useContractForm(contract.acceptControl.body, {
    open: props.open,
    defaults: { date: props.date, note: '' },
    toBody: (v) => ({ date: v.date, note: v.note.trim() }),
  });
  const accept = useApiMutation('acceptControl', { success: ACCEPTED });
  const onSubmit = form.submit(async (body) => {
    await accept.mutateAsync({ params: { clientId: props.clientId, portfolioId: props.portfolioId }, body });
    await refreshControlData();
    props.onClose();
  });
  const date = formatDate(props.date);
  const count = props.differences;

  return (
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      title={<Trans>Accetta differenze</Trans>}
      busy={accept.isPending}
      submitLabel={<Trans>Accetta</Trans>}
      submitTestId="accept-submit"
      onSubmit={(e) => void onSubmit(e)}
      data-testid="accept-dialog"
    >
      <p>
        <Trans>
          Le differenze del {date} ({count}) saranno accettate e il controllo di quella data risulterà OK. La nota resta
          nel registro delle attività.
        </Trans>
      </p>
      <TextArea
        label={<Trans>Nota</Trans>}
        hint={t`Perché le differenze sono accettate (obbligatoria, massimo ${NOTE_MAX} caratteri).`}
        required
        rows={4}
        maxLength={NOTE_MAX}
        name="note"
        data-testid="accept-note"
        {...bindField(form, 'note', fieldError)}
        onChange={(v) => {
          form.setValue('note', v);
          form.clearErrors('note');
        }}
      />
    </FormDialog>
  );
}
