// The back office's import (ADMIN, BACK_OFFICE): the client among all it sees (GET /user/client, size 10000, a
// searchable select), then shared-ui's movement import for that client's accounts (the account, the optional offset
// account, the file). The rows arrive PENDING: the toast says how many wait, and the pending list, the badge and the
// rejected list are asked again. Rejected rows are listed in the dialog and nothing is stored.
import { Trans, useLingui } from '@lingui/react/macro';
import {
  clientDisplayName,
  MovementUploadDialog,
  SearchSelect,
  useApiQuery,
  useFieldErrors,
} from '@patrimonio/shared-ui';
import { useEffect, useMemo, useState } from 'react';
import { refreshAfter } from './decisions.ts';
import { CLIENTS_REQUEST, clientOptions, importedMessage } from './logic.ts';

export function ImportDialog(props: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const fieldError = useFieldErrors();
  const [clientId, setClientId] = useState('');
  const [clientError, setClientError] = useState<'required' | null>(null);
  const clients = useApiQuery('listClients', CLIENTS_REQUEST, { enabled: props.open });
  const locale = i18n.locale;
  const options = useMemo(
    () => clientOptions(clients.data?.item ?? [], clientDisplayName, locale),
    [clients.data, locale],
  );

  useEffect(() => {
    if (!props.open) return;
    setClientId('');
    setClientError(null);
  }, [props.open]);

  return (
    <MovementUploadDialog
      open={props.open}
      onClose={props.onClose}
      accounts={clientId ? { clientId: Number(clientId) } : null}
      success={importedMessage}
      onSuccess={() => void refreshAfter('import')}
      onIncomplete={() => {
        if (!clientId) setClientError('required');
      }}
    >
      <SearchSelect
        label={<Trans>Cliente</Trans>}
        searchLabel={<Trans>Cerca un cliente</Trans>}
        searchTestId="import-client-search"
        required
        name="clientId"
        data-testid="import-client"
        placeholder={clients.isLoading ? t`Caricamento dei clienti…` : t`Scegli il cliente`}
        hint={clients.isError ? <Trans>Impossibile caricare i clienti. Riprova tra qualche istante.</Trans> : null}
        error={fieldError(clientError)}
        value={clientId}
        options={options}
        onChange={(v) => {
          setClientId(v);
          setClientError(null);
        }}
      />
    </MovementUploadDialog>
  );
}
