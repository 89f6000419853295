// Invite a client to register (PATCH /user/client/{id}/invite {email}); afterwards the action becomes resend
// (GET /user/client/{id}/invite), which sends a new link to the last address.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  type Client,
  clientDisplayName,
  EmailInput,
  errorCode,
  FormDialog,
  useApiMutation,
  useContractForm,
} from '@patrimonio/shared-ui';
import { contract } from '@patrimonio/shared-ui/contract';
import { PROBLEM_LABELS } from '../labels.ts';

/** The toast after an invitation: sent, or recorded but not delivered by the mail server. */
export const inviteResultMessage = (r: { sent: boolean; email: string }): MessageDescriptor => {
  const email = r.email;
  return r.sent
    ? msg`Invito inviato a ${email}`
    : msg`Invito registrato, ma impossibile inviare l'email a ${email}: riprova tra qualche istante`;
};

/** The toast after a resend: a new link to the last address. */
export const resendResultMessage = (r: { sent: boolean; email: string }): MessageDescriptor => {
  const email = r.email;
  return r.sent
    ? msg`Invito inviato di nuovo a ${email}`
    : msg`Invito registrato, ma impossibile inviare l'email a ${email}: riprova tra qualche istante`;
};

/** Errors of invite and resend with a code of their own. */
export const inviteErrorMessage = (error: unknown): MessageDescriptor | undefined => {
  const code = errorCode(error);
  if (code === 'client_already_registered') return msg`Il cliente ha già un account`;
  if (code === 'no_email') return msg`Il cliente non ha un indirizzo email: invitalo indicandone uno`;
  return undefined;
};

export function InviteDialog({ client, onClose }: { client: Client; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const form = useContractForm(contract.inviteClient.body, {
    defaults: { email: client.email ?? '' },
    toBody: (v) => ({ email: v.email.trim() }),
  });
  const invite = useApiMutation('inviteClient', {
    success: inviteResultMessage,
    error: inviteErrorMessage,
    invalidate: ['listClients'],
  });
  const name = clientDisplayName(client);

  // The toast says what went wrong; the dialog stays open to correct the address.
  const onSubmit = form.submit(async (body) => {
    await invite.mutateAsync({ params: { clientId: client.id }, body });
    onClose();
  });

  return (
    <FormDialog
      open
      onClose={onClose}
      title={t`Invita ${name}`}
      data-testid="invite-dialog"
      busy={invite.isPending}
      submitLabel={<Trans>Invia invito</Trans>}
      onSubmit={(e) => void onSubmit(e)}
    >
      <p className="pt-muted">
        <Trans>Il cliente riceverà un link, valido 7 giorni, per registrarsi e consultare il suo patrimonio.</Trans>
      </p>
      <EmailInput
        label={t`Email`}
        value={form.watch('email')}
        onChange={(v) => {
          form.setValue('email', v);
          form.clearErrors('email');
        }}
        error={form.codeOf('email') ? i18n._(PROBLEM_LABELS.invalid_email) : undefined}
        required
        autoComplete="email"
        data-testid="invite-email"
      />
    </FormDialog>
  );
}
