// The practice's subscription on the profile (issue 19): a PRO sees its plan or trial and subscribes; a DELEGATE
// reads its PRO's.
import { Trans } from '@lingui/react/macro';
import { ErrorState, Section, Skeleton, useApiQuery, useLocation } from '@patrimonio/shared-ui';
import { returnedSession } from './model.ts';
import { SubscribePanel } from './SubscribePanel.tsx';
import { SubscriptionSummary } from './SubscriptionSummary.tsx';

export function PracticeSubscription({ canPay }: { canPay: boolean }) {
  const { search } = useLocation();
  const returned = returnedSession(search);
  const status = useApiQuery('getPracticeSubscription', undefined, {
    refetchInterval: (q) => (returned && !q.state.data?.subscribed ? 2000 : false),
  });
  return (
    <Section title={<Trans>Abbonamento dello studio</Trans>} data-testid="practice-subscription">
      {status.isPending ? (
        <Skeleton />
      ) : status.isError ? (
        <ErrorState onRetry={() => void status.refetch()} />
      ) : (
        <div className="pt-stack">
          <SubscriptionSummary status={status.data} />
          {status.data.subscribed || returned ? null : <SubscribePanel status={status.data} canPay={canPay} />}
        </div>
      )}
    </Section>
  );
}
