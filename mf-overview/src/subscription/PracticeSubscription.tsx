// The practice's subscription on the profile (issue 19): a PRO sees its plan or trial and subscribes; a DELEGATE
// reads its PRO's.
import { Trans } from '@lingui/react/macro';
import { Section, useApiQuery, useLocation } from '@patrimonio/shared-ui';
import { returnedSession } from './model.ts';
import { SubscriptionQuery } from './SubscriptionQuery.tsx';

export function PracticeSubscription({ canPay }: { canPay: boolean }) {
  const { search } = useLocation();
  const returned = returnedSession(search);
  const status = useApiQuery('getPracticeSubscription', undefined, {
    refetchInterval: (q) => (returned && !q.state.data?.subscribed ? 2000 : false),
  });
  return (
    <Section title={<Trans>Abbonamento dello studio</Trans>} data-testid="practice-subscription">
      <SubscriptionQuery query={status} canPay={canPay} hidePanel={Boolean(returned)} />
    </Section>
  );
}
