// The persistent banner of an impersonating session (issue 19): an ADMIN acting as a PRO sees, on every page, whom it
// acts as and a "stop impersonating" button; stopping revokes the exchanged token and brings the ADMIN back.
import { Trans, useLingui } from '@lingui/react/macro';
import type { UserProfile } from '@patrimonio/shared-api';
import { useState } from 'react';
import { Button } from '../page/Button.tsx';
import { isImpersonating } from '../session/store.ts';
import { toast } from './toast.ts';

export interface ImpersonationBannerProps {
  user: UserProfile;
  /** Ends the impersonation (shared-ui session/impersonation.ts stopImpersonation). */
  onStop: () => Promise<void>;
}

export function ImpersonationBanner({ user, onStop }: ImpersonationBannerProps) {
  const { t } = useLingui();
  const [stopping, setStopping] = useState(false);
  if (!isImpersonating(user)) return null;
  const admin = user.impersonatorName ?? t`un amministratore`;
  const stop = () => {
    setStopping(true);
    onStop().catch(() => {
      setStopping(false);
      toast.error(t`Impossibile terminare l'impersonificazione. Riprova tra qualche istante.`);
    });
  };
  return (
    <section className="pt-impersonation" aria-label={t`Impersonificazione`} data-testid="impersonation-banner">
      <p>
        <Trans>
          Stai agendo come <strong>{user.name}</strong> ({admin}): ogni modifica è registrata con entrambi i nomi.
        </Trans>
      </p>
      <Button variant="secondary" onClick={stop} disabled={stopping} data-testid="impersonation-stop">
        <Trans>Termina impersonificazione</Trans>
      </Button>
    </section>
  );
}
