// A subscription's answer (the practice's on the profile, a client's in the clients table's dialog): loading, error
// with a retry, or the summary with the panel to subscribe while there is no subscription.
import type { SubscriptionStatus } from '@patrimonio/shared-api';
import { QueryState, Skeleton } from '@patrimonio/shared-ui';
import { SubscribePanel } from './SubscribePanel.tsx';
import { SubscriptionSummary } from './SubscriptionSummary.tsx';

export function SubscriptionQuery(props: {
  query: { isPending: boolean; error: unknown; data: SubscriptionStatus | undefined; refetch: () => unknown };
  /** Whether the panel may take a card (a delegate's PRO pays, not the delegate). */
  canPay?: boolean;
  /** The panel is not offered (a checkout just returned: its answer is awaited). */
  hidePanel?: boolean;
}) {
  const { query } = props;
  return (
    <QueryState
      loading={query.isPending}
      skeleton={<Skeleton />}
      error={query.error}
      onRetry={() => void query.refetch()}
    >
      {query.data ? (
        <div className="pt-stack">
          <SubscriptionSummary status={query.data} />
          {query.data.subscribed || props.hidePanel ? null : (
            <SubscribePanel status={query.data} canPay={props.canPay} />
          )}
        </div>
      ) : null}
    </QueryState>
  );
}
