// Invite a client to register (PATCH /user/client/{id}/invite {email}); afterwards the action becomes resend
// (GET /user/client/{id}/invite), which sends a new link to the last address.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type Client, clientDisplayName, EmailInput, errorCode, Modal, useApiMutation } from '@patrimonio/shared-ui';
import { type FormEvent, useId, useState } from 'react';
import { PROBLEM_LABELS } from '../labels.ts';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The toast after an invitation: sent, or recorded but not delivered by the mail server. */
export const inviteResultMessage = (r: { sent: boolean; email: string }): MessageDescriptor => {
  const email = r.email;
  return r.sent
    ? msg`Invito inviato a ${email}`
    : msg`Invito registrato, ma l'email a ${email} non è partita: riprova più tardi`;
};

/** The toast after a resend: a new link to the last address. */
export const resendResultMessage = (r: { sent: boolean; email: string }): MessageDescriptor => {
  const email = r.email;
  return r.sent
    ? msg`Invito inviato di nuovo a ${email}`
    : msg`Invito registrato, ma l'email a ${email} non è partita: riprova più tardi`;
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
  const formId = useId();
  const [email, setEmail] = useState(client.email ?? '');
  const [invalid, setInvalid] = useState(false);
  const invite = useApiMutation('inviteClient', {
    success: inviteResultMessage,
    error: inviteErrorMessage,
    invalidate: ['listClients'],
  });
  const name = clientDisplayName(client);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (invite.isPending) return;
    const value = email.trim();
    if (!EMAIL_RE.test(value)) {
      setInvalid(true);
      return;
    }
    try {
      await invite.mutateAsync({ params: { clientId: client.id }, body: { email: value } });
      onClose();
    } catch {
      // The toast says what went wrong; the dialog stays open to correct the address.
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={t`Invita ${name}`}
      data-testid="invite-dialog"
      actions={
        <>
          <button type="button" className="pt-btn pt-btn--secondary" onClick={onClose}>
            <Trans>Annulla</Trans>
          </button>
          <button
            type="submit"
            form={formId}
            className="pt-btn pt-btn--primary"
            aria-disabled={invite.isPending || undefined}
          >
            <Trans>Invia invito</Trans>
          </button>
        </>
      }
    >
      <form id={formId} className="pt-ov-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <p className="pt-ov-muted">
          <Trans>Il cliente riceverà un link, valido 7 giorni, per registrarsi e consultare il suo patrimonio.</Trans>
        </p>
        <EmailInput
          label={t`Email`}
          value={email}
          onChange={(v) => {
            setEmail(v);
            setInvalid(false);
          }}
          error={invalid ? i18n._(PROBLEM_LABELS.invalid_email) : undefined}
          required
          autoComplete="email"
          data-testid="invite-email"
        />
      </form>
    </Modal>
  );
}
