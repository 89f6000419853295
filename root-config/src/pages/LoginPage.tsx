// /login: a signed-in user with a role goes to the stored redirect (or /); otherwise the sign-in starts at the
// identity provider. If that cannot start, the page says so and offers to try again.
import { Trans } from '@lingui/react/macro';
import { BlankLayout, navigate, Spinner, useSession } from '@patrimonio/shared-ui';
import { useEffect, useState } from 'react';
import { redirectMemory, type SessionController } from '../auth/session-controller.ts';

export function LoginPage({ controller }: { controller: SessionController }) {
  const session = useSession();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (session.status === 'signed-in' && session.user?.role) {
      navigate(redirectMemory.take() ?? '/', { replace: true });
    } else if (session.status === 'signed-out' && !failed) {
      controller.signIn().catch((err) => {
        console.error('sign-in could not start', err);
        setFailed(true);
      });
    }
  }, [session.status, session.user, controller, failed]);

  return (
    <BlankLayout>
      <div className="pt-public" data-testid="login-page">
        <h1>
          <Trans>Accesso</Trans>
        </h1>
        {failed ? (
          <>
            <p role="alert">
              <Trans>Impossibile contattare il servizio di accesso: controlla la connessione e riprova.</Trans>
            </p>
            <button type="button" className="pt-button pt-button--primary" onClick={() => setFailed(false)}>
              <Trans>Riprova</Trans>
            </button>
          </>
        ) : (
          <p aria-live="polite">
            <Spinner /> <Trans>Ti stiamo portando alla pagina di accesso…</Trans>
          </p>
        )}
      </div>
    </BlankLayout>
  );
}
