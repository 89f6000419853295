// "Abbona" from the clients table (issue 19): a client whose trial ended can no longer open its pages (the spec's
// guard sends them to /), so the adviser subscribes it here, with the subscription page's own panel.
import { Trans, useLingui } from '@lingui/react/macro';
import { type Client, clientDisplayName, Modal, useApiQuery } from '@patrimonio/shared-ui';
import { SubscriptionQuery } from './SubscriptionQuery.tsx';

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
      <SubscriptionQuery query={status} />
    </Modal>
  );
}
