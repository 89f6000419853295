// "Abbona" from the clients table (issue 19): a client whose trial ended can no longer open its pages (the spec's
// guard sends them to /), so the adviser subscribes it here, with the subscription page's own panel.
import { Trans, useLingui } from '@lingui/react/macro';
import { type Client, clientDisplayName, ErrorState, Modal, Skeleton, useApiQuery } from '@patrimonio/shared-ui';
import { SubscribePanel } from './SubscribePanel.tsx';
import { SubscriptionSummary } from './SubscriptionSummary.tsx';

export function SubscribeDialog({ client, onClose }: { client: Client; onClose: () => void }) {
  const { t } = useLingui();
  const status = useApiQuery('getClientSubscription', { params: { id: client.id } });
  const name = clientDisplayName(client);
  return (
    <Modal
      open
      onClose={onClose}
      title={t`Abbonamento di ${name}`}
      data-testid="subscribe-dialog"
      className="pt-subscription__dialog"
      actions={
        <button type="button" className="pt-btn pt-btn--secondary" onClick={onClose}>
          <Trans>Chiudi</Trans>
        </button>
      }
    >
      {status.isPending ? (
        <Skeleton />
      ) : status.isError ? (
        <ErrorState onRetry={() => void status.refetch()} />
      ) : (
        <div className="pt-stack">
          <SubscriptionSummary status={status.data} />
          {status.data.subscribed ? null : <SubscribePanel status={status.data} />}
        </div>
      )}
    </Modal>
  );
}
