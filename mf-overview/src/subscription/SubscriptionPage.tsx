// /client/:subscriptionId/subscription (issue 19; PRO, DELEGATE and BASIC): the client's plan and state, the days
// left in its trial, and subscribe (SubscribePanel). Back from Stripe's checkout (?session_id=) the page polls until
// the webhook has activated the subscription, then shows it. For a BASIC user the client is its own.
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ErrorState,
  Notice,
  PageHeader,
  type PageProps,
  Section,
  Skeleton,
  selectionName,
  useApiQuery,
  useLocation,
  useSession,
} from '@patrimonio/shared-ui';
import { returnedSession } from './model.ts';
import { SubscribePanel } from './SubscribePanel.tsx';
import { SubscriptionSummary } from './SubscriptionSummary.tsx';

/** How often the page asks again while a card payment waits for Stripe's confirmation. */
const POLL_MS = 2000;

export function ClientSubscription({ id }: { id: number }) {
  const { t } = useLingui();
  const { search } = useLocation();
  const returned = returnedSession(search);
  const status = useApiQuery(
    'getClientSubscription',
    { params: { id } },
    { refetchInterval: (q) => (returned && !q.state.data?.subscribed ? POLL_MS : false) },
  );
  if (status.isPending)
    return (
      <div className="pt-section" role="status" aria-label={t`Caricamento dell'abbonamento`}>
        <Skeleton width="40%" />
        <Skeleton />
      </div>
    );
  if (status.isError) return <ErrorState onRetry={() => void status.refetch()} />;
  const s = status.data;
  return (
    <div className="pt-stack">
      <Section title={<Trans>Abbonamento</Trans>} data-testid="subscription-current">
        {returned && !s.subscribed ? (
          <Notice tone="info" data-testid="payment-pending">
            <Trans>Pagamento ricevuto: attivazione dell'abbonamento in corso…</Trans>
          </Notice>
        ) : null}
        {returned && s.subscribed ? (
          <Notice tone="info" data-testid="payment-done">
            <Trans>Grazie: l'abbonamento è attivo.</Trans>
          </Notice>
        ) : null}
        <SubscriptionSummary status={s} />
      </Section>
      {!s.subscribed && !returned ? (
        <Section title={<Trans>Abbonati</Trans>}>
          <SubscribePanel status={s} />
        </Section>
      ) : null}
    </div>
  );
}

export function SubscriptionPage({ match }: PageProps) {
  const session = useSession();
  const own = session.user?.role === 'BASIC' ? session.user.clientId : null;
  const id = own ?? Number(match.params.subscriptionId);
  return (
    <section className="pt-page pt-page--narrow" data-testid="subscription-page">
      <PageHeader title={match.route.title} subtitle={own ? session.user?.name : selectionName(session.selection)} />
      {Number.isInteger(id) && id > 0 ? <ClientSubscription id={id} /> : null}
    </section>
  );
}
