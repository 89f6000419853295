// /register-client?token=…: the client's registration from an invitation. A user already signed in is
// signed out first and returned here with the same token (spec section 2).
import { Trans } from '@lingui/react/macro';
import { BlankLayout, useLocation, useSession } from '@patrimonio/shared-ui';
import { type FormEvent, useEffect, useState } from 'react';
import type { SessionController } from '../auth/session-controller.ts';

const PENDING_TOKEN_KEY = 'patrimonio.registerToken';

export function RegisterClientPage({ controller }: { controller: SessionController }) {
  const session = useSession();
  const { search } = useLocation();
  const token = new URLSearchParams(search).get('token') ?? sessionStorage.getItem(PENDING_TOKEN_KEY);
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => {
    if (!token) return;
    if (session.status === 'signed-in') {
      sessionStorage.setItem(PENDING_TOKEN_KEY, token);
      void controller.signOut(`${window.location.origin}/register-client`);
    } else if (session.status === 'signed-out' && !new URLSearchParams(search).get('token')) {
      // Back from the sign-out: put the token back in the address.
      sessionStorage.removeItem(PENDING_TOKEN_KEY);
      window.history.replaceState(null, '', `/register-client?token=${encodeURIComponent(token)}`);
    }
  }, [token, session.status, controller, search]);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (e.currentTarget.reportValidity()) setSubmitted(true);
  };

  return (
    <BlankLayout>
      <form className="pt-public pt-form" onSubmit={onSubmit} data-testid="register-client">
        <h1>
          <Trans>Registrazione cliente</Trans>
        </h1>
        {token ? null : (
          <p role="alert">
            <Trans>Per registrarti usa il collegamento ricevuto via email dal tuo consulente.</Trans>
          </p>
        )}
        <label>
          <Trans>Email</Trans>
          <input name="email" type="email" required autoComplete="email" />
        </label>
        <label>
          <Trans>Password</Trans>
          <input name="password" type="password" required minLength={10} autoComplete="new-password" />
        </label>
        <label className="pt-form__check">
          <input name="privacy" type="checkbox" required /> <Trans>Ho letto l'informativa sulla privacy</Trans>
        </label>
        {submitted ? (
          <p role="status">
            <Trans>La registrazione online apre a breve: il tuo consulente completerà l'attivazione.</Trans>
          </p>
        ) : null}
        <button type="submit" className="pt-button pt-button--primary" disabled={!token}>
          <Trans>Registrati</Trans>
        </button>
      </form>
    </BlankLayout>
  );
}
