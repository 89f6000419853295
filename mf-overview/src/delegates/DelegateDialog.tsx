// Invite a delegate (POST /delegates: name, email, permissions) or change one's permissions (PUT /delegates/{id}).
// The invitation mails the delegate the link to choose its password; a taken address is said above the fields.
import { Trans, useLingui } from '@lingui/react/macro';
import type { Delegate, Permission } from '@patrimonio/shared-api';
import { EmailInput, errorCode, FormDialog, TextInput, useApiMutation } from '@patrimonio/shared-ui';
import { useEffect, useState } from 'react';
import { DELEGATE_ERRORS, DELEGATE_PERMISSION_LABELS, DELEGATE_PERMISSIONS } from './labels.ts';

const EMAIL = /^[A-Za-z0-9][A-Za-z0-9._+-]*@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;

export function PermissionChecks(props: {
  value: readonly Permission[];
  onChange: (value: Permission[]) => void;
  idPrefix: string;
}) {
  const { i18n } = useLingui();
  return (
    <fieldset className="pt-ov-delegates__permissions">
      <legend>
        <Trans>Permessi</Trans>
      </legend>
      {DELEGATE_PERMISSIONS.map((p) => (
        <label key={p} className="pt-ov-delegates__check">
          <input
            type="checkbox"
            name={p}
            data-testid={`${props.idPrefix}-${p}`}
            checked={props.value.includes(p)}
            onChange={(e) =>
              props.onChange(e.currentTarget.checked ? [...props.value, p] : props.value.filter((x) => x !== p))
            }
          />
          {i18n._(DELEGATE_PERMISSION_LABELS[p])}
        </label>
      ))}
    </fieldset>
  );
}

const SAVE = { quiet: true, error: () => undefined, invalidate: ['listDelegates'] } as const;

export function DelegateDialog(props: { open: boolean; delegate: Delegate | null; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const { delegate, open } = props;
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [permissions, setPermissions] = useState<Permission[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (!open) return;
    setName(delegate?.name ?? '');
    setEmail(delegate?.email ?? '');
    setPermissions(delegate ? [...delegate.permissions] : []);
    setProblem(null);
    setTried(false);
  }, [open, delegate]);

  const invite = useApiMutation('inviteDelegate', {
    ...SAVE,
    success: (r) =>
      r.invitation && !r.invitation.sent
        ? t`Delegato creato; il server di posta non ha accettato l'invito per ${r.invitation.email}.`
        : t`Invito inviato a ${r.delegate.email}`,
  });
  const update = useApiMutation('updateDelegate', { ...SAVE, success: t`Permessi aggiornati` });
  const busy = invite.isPending || update.isPending;

  const nameError = tried && !name.trim() ? t`Campo obbligatorio` : null;
  const emailError = tried && !EMAIL.test(email.trim()) ? t`Inserisci un indirizzo email valido` : null;

  const submit = async () => {
    setTried(true);
    setProblem(null);
    try {
      if (delegate) {
        await update.mutateAsync({
          params: { id: delegate.id },
          body: { permissions, active: delegate.state !== 'suspended' },
        });
      } else {
        if (!name.trim() || !EMAIL.test(email.trim())) return;
        await invite.mutateAsync({ body: { name: name.trim(), email: email.trim(), permissions } });
      }
      props.onClose();
    } catch (e) {
      const code = errorCode(e);
      setProblem(
        code && DELEGATE_ERRORS[code]
          ? i18n._(DELEGATE_ERRORS[code])
          : t`Impossibile salvare. Riprova tra qualche istante.`,
      );
    }
  };

  return (
    <FormDialog
      open={open}
      onClose={props.onClose}
      title={delegate ? t`Permessi di ${delegate.name}` : t`Invita un delegato`}
      onSubmit={() => void submit()}
      submitLabel={delegate ? <Trans>Salva</Trans> : <Trans>Invia l'invito</Trans>}
      busy={busy}
      error={problem}
      submitTestId="delegate-submit"
      data-testid="delegate-dialog"
    >
      {delegate ? null : (
        <>
          <TextInput
            label={<Trans>Nome e cognome</Trans>}
            name="name"
            required
            maxLength={200}
            value={name}
            onChange={setName}
            error={nameError}
            data-testid="delegate-name"
          />
          <EmailInput
            label={<Trans>Email (il suo nome utente)</Trans>}
            name="email"
            required
            value={email}
            onChange={setEmail}
            error={emailError}
            hint={<Trans>Riceverà un collegamento per scegliere la password.</Trans>}
            data-testid="delegate-email"
          />
        </>
      )}
      <PermissionChecks value={permissions} onChange={setPermissions} idPrefix="delegate-permission" />
    </FormDialog>
  );
}
