// What a server's check saw (GET /external-server/{id}/check): the connection's outcome and the folder's files (up to
// 200), how many match the server's pattern, or why it failed. The page runs the check and toasts 'Check ok!' or
// 'Check failed'; this dialog shows the details.
import { Trans, useLingui } from '@lingui/react/macro';
import type { ExternalServer, ServerCheck } from '@patrimonio/shared-api';
import { Button, DataTable, Modal, Notice, type TableColumn } from '@patrimonio/shared-ui';
import { useMemo } from 'react';

type CheckedFile = ServerCheck['files'][number];

export function CheckDialog(props: {
  server: ExternalServer | null;
  result: ServerCheck | undefined;
  pending: boolean;
  failed: boolean;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const { server, result } = props;
  const columns = useMemo<TableColumn<CheckedFile>[]>(
    () => [
      { key: 'name', title: t`Nome`, value: (r) => r.name, width: 260 },
      { key: 'size', title: t`Byte`, type: 'number', value: (r) => r.size },
      { key: 'modifiedAt', title: t`Modificato il`, type: 'dateTime', value: (r) => r.modifiedAt },
    ],
    [t],
  );
  const name = server?.name ?? '';
  const total = result?.files.length ?? 0;
  const matching = result?.matching ?? 0;
  const pattern = server?.filePattern ?? '';
  return (
    <Modal
      open={server !== null}
      onClose={props.onClose}
      title={<Trans>Verifica di {name}</Trans>}
      className="pt-form-dialog pt-form-dialog--wide"
      data-testid="check-dialog"
      actions={
        <Button variant="ghost" onClick={props.onClose}>
          <Trans>Chiudi</Trans>
        </Button>
      }
    >
      {props.pending ? (
        <p className="pt-muted" aria-busy="true" data-testid="check-pending">
          <Trans>Connessione al server in corso…</Trans>
        </p>
      ) : props.failed || !result ? (
        <Notice tone="error" data-testid="check-result">
          <Trans>Impossibile verificare: il server del portale non ha risposto. Riprova tra qualche istante.</Trans>
        </Notice>
      ) : result.ok ? (
        <div className="pt-stack">
          <Notice tone="info" data-testid="check-result">
            <div className="ad-notice">
              <p>
                <Trans>Connessione riuscita.</Trans> {result.message}
              </p>
              <p data-testid="check-count">
                {total > 0 ? (
                  <Trans>
                    File nella cartella: {total}; corrispondono al modello «{pattern}»: {matching}.
                  </Trans>
                ) : (
                  <Trans>La cartella è vuota.</Trans>
                )}
              </p>
            </div>
          </Notice>
          {total > 0 ? (
            <DataTable
              id="server-check-files"
              label={t`File nella cartella del server`}
              columns={columns}
              rows={result.files}
              rowKey={(r) => r.name}
              defaultSort={{ key: 'modifiedAt', direction: 'desc' }}
              exportable={false}
            />
          ) : null}
        </div>
      ) : (
        <Notice tone="error" data-testid="check-result">
          <div className="ad-notice">
            <p>
              <Trans>Impossibile connettersi al server.</Trans>
            </p>
            <p data-testid="check-reason">{result.message}</p>
          </div>
        </Notice>
      )}
    </Modal>
  );
}
