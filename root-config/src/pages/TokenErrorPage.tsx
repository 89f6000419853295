import { Trans } from '@lingui/react/macro';
import { BlankLayout, Link } from '@patrimonio/shared-ui';
import type { SessionController } from '../auth/session-controller.ts';

/** /token-error: the sign-in could not be completed (expired or invalid link or token). */
export function TokenErrorPage(_props: { controller: SessionController }) {
  return (
    <BlankLayout>
      <div className="pt-public" data-testid="token-error">
        <h1>
          <Trans>Accesso non riuscito</Trans>
        </h1>
        <p>
          <Trans>
            Il collegamento o la sessione non sono più validi. Accedi di nuovo; se il problema persiste, contatta il tuo
            consulente.
          </Trans>
        </p>
        <Link to="/login" className="pt-button pt-button--primary">
          <Trans>Torna all'accesso</Trans>
        </Link>
      </div>
    </BlankLayout>
  );
}
