// The shell's trial banner (issue 19): counts the last days of a trial — the BASIC user's own, the PRO's or
// DELEGATE's practice, the selected client — and says when one has ended, each with the link to subscribe.
import { Plural, Trans } from '@lingui/react/macro';
import { Link } from '../navigation.ts';

export interface TrialNotice {
  /** Whose trial: the signed-in client's own, the practice's, or the selected client's (named). */
  whose: 'own' | 'practice' | 'client';
  name?: string;
  /** Days left, the last day included; 0 when ended. */
  daysLeft: number;
  ended: boolean;
  /** Where to subscribe (null: nowhere the user may go). */
  href: string | null;
}

function Message({ notice }: { notice: TrialNotice }) {
  const days = notice.daysLeft;
  const name = notice.name ?? '';
  if (notice.ended) {
    if (notice.whose === 'practice') return <Trans>La prova gratuita del tuo studio è terminata.</Trans>;
    if (notice.whose === 'client') return <Trans>La prova gratuita di {name} è terminata.</Trans>;
    return <Trans>La tua prova gratuita è terminata.</Trans>;
  }
  if (notice.whose === 'practice')
    return (
      <Plural
        value={days}
        one="Ultimo giorno di prova gratuita del tuo studio."
        other="Ancora # giorni di prova gratuita del tuo studio."
      />
    );
  if (notice.whose === 'client')
    return (
      <>
        {name}:{' '}
        <Plural value={days} one="ultimo giorno di prova gratuita." other="ancora # giorni di prova gratuita." />
      </>
    );
  return (
    <Plural value={days} one="Ultimo giorno della tua prova gratuita." other="Ancora # giorni di prova gratuita." />
  );
}

export function TrialBanner({ notices }: { notices: readonly TrialNotice[] }) {
  if (notices.length === 0) return null;
  return (
    <div className="pt-trial-banner" data-testid="trial-banner">
      {notices.map((n) => (
        <div
          key={`${n.whose}-${n.name ?? ''}`}
          className={`pt-notice ${n.ended ? 'pt-notice--warning' : 'pt-notice--info'}`}
          role="status"
          data-testid={`trial-banner-${n.whose}`}
        >
          <Message notice={n} />{' '}
          {n.href ? (
            <Link to={n.href}>
              <Trans>Abbonati</Trans>
            </Link>
          ) : null}
        </div>
      ))}
    </div>
  );
}
