// /client/:id/infos (advisers: the client's details with edit), /infos (BASIC: their profile with their own
// client's details, read-only) and /profile (the other roles: their profile and language).
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ErrorState,
  Link,
  PageHeader,
  type PageProps,
  Skeleton,
  selectionName,
  useApiQuery,
  useSession,
} from '@patrimonio/shared-ui';
import { PracticeSubscription } from '../subscription/PracticeSubscription.tsx';
import { ClientDetails } from './ClientDetails.tsx';
import { ProfileCard } from './ProfileCard.tsx';

function ClientDetailsLoader({ id, editable }: { id: number; editable: boolean }) {
  const { t } = useLingui();
  const client = useApiQuery('getClient', { params: { id } });
  if (client.isPending)
    return (
      <div className="pt-section" role="status" aria-label={t`Caricamento dei dati del cliente`}>
        <Skeleton width="40%" />
        <Skeleton />
        <Skeleton />
        <Skeleton />
      </div>
    );
  if (client.isError) return <ErrorState onRetry={() => void client.refetch()} />;
  return <ClientDetails client={client.data} editable={editable} />;
}

/** /client/:id/infos: the client's details, editable by the adviser. */
export function ClientInfosPage({ match }: PageProps) {
  const session = useSession();
  const id = Number(match.params.id);
  return (
    <section className="pt-page pt-page--narrow" data-testid="client-infos">
      <PageHeader
        title={match.route.title}
        subtitle={selectionName(session.selection)}
        actions={
          // The practice's documents about this client (/docs is the PRO's own).
          // The client's widget tokens for the adviser's website (issue 20).
          session.user?.role === 'PRO' && Number.isInteger(id) && id > 0 ? (
            <>
              <Link to={`/docs?clientId=${id}`} className="pt-btn pt-btn--secondary" data-testid="client-docs-link">
                <Trans>Documenti</Trans>
              </Link>
              <Link to={`/client/${id}/widgets`} className="pt-btn pt-btn--secondary" data-testid="client-widgets-link">
                <Trans>Widget per il tuo sito</Trans>
              </Link>
            </>
          ) : null
        }
      />
      {Number.isInteger(id) && id > 0 ? <ClientDetailsLoader id={id} editable /> : null}
    </section>
  );
}

/** /infos and /profile: the signed-in user's profile; a BASIC user also sees their own details. */
export function ProfilePage({ match }: PageProps) {
  const { user } = useSession();
  const ownClient = user?.role === 'BASIC' ? user.clientId : null;
  return (
    <section className="pt-page pt-page--narrow" data-testid="profile-page">
      <PageHeader title={match.route.title} subtitle={user?.name} />
      <div className="pt-stack">
        <ProfileCard />
        {ownClient ? <ClientDetailsLoader id={ownClient} editable={false} /> : null}
        {user?.role === 'PRO' || user?.role === 'DELEGATE' ? (
          <PracticeSubscription canPay={user.role === 'PRO'} />
        ) : null}
      </div>
    </section>
  );
}
