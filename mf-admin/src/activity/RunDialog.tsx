// One import run (GET /log-imported/{id}): its file, counterpart and times, the rows read, stored, pending and
// rejected, the first errors and the codes it could not map (with the way to the mapping), and its Reload and
// Download. Asked again while the run is queued or running.
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ImportRun } from '@patrimonio/shared-api';
import { Button, errorStatus, Figure, formatDateTime, Link, Modal, Notice, useApiQuery } from '@patrimonio/shared-ui';
import { downloadOriginal, useReload } from '../common/actions.ts';
import { DIRECTION_LABELS, FORMAT_LABELS, MAPPING_KIND_LABELS, RUN_STATUS_LABELS } from '../common/labels.ts';
import { isRunActive, mappingFiltersPath, pollWhileRunning } from '../common/logic.ts';

export function RunDialog(props: { runId: number | null; row: ImportRun | undefined; onClose: () => void }) {
  const { i18n } = useLingui();
  const open = props.runId !== null;
  const detail = useApiQuery(
    'getRun',
    { params: { id: props.runId ?? 0 } },
    {
      enabled: open,
      refetchInterval: pollWhileRunning,
      // The list's row shows at once; its errors and codes come with the answer.
      placeholderData: props.row,
    },
  );
  const reload = useReload('reloadRun');
  const run = detail.data;
  const text = (m: MessageDescriptor) => i18n._(m);

  const notFound = errorStatus(detail.error) === 404;
  return (
    <Modal
      open={open}
      onClose={props.onClose}
      title={run ? <Trans>Importazione di {run.fileName}</Trans> : <Trans>Importazione</Trans>}
      className="pt-form-dialog pt-form-dialog--wide"
      data-testid="run-dialog"
      actions={
        <>
          <Button variant="ghost" onClick={props.onClose}>
            <Trans>Chiudi</Trans>
          </Button>
          {run ? (
            <>
              <Button
                data-testid="run-download"
                onClick={() => void downloadOriginal('downloadRun', run.id, run.fileName)}
              >
                <Trans>Scarica il file</Trans>
              </Button>
              <Button
                variant="primary"
                data-testid="run-reload"
                disabled={reload.isPending || isRunActive(run.status)}
                onClick={() => reload.mutate({ params: { id: run.id } })}
              >
                <Trans>Ricarica</Trans>
              </Button>
            </>
          ) : null}
        </>
      }
    >
      {notFound ? (
        <Notice tone="error" data-testid="run-not-found">
          <Trans>Questa importazione non esiste più.</Trans>
        </Notice>
      ) : !run ? (
        detail.error ? (
          <Notice tone="error">
            <Trans>Impossibile caricare l'importazione. Riprova tra qualche istante.</Trans>
          </Notice>
        ) : (
          <p className="pt-muted" aria-busy="true">
            <Trans>Caricamento…</Trans>
          </p>
        )
      ) : (
        <div className="pt-stack" aria-busy={detail.isPlaceholderData || undefined}>
          <dl className="ad-facts" data-testid="run-facts">
            <dt>
              <Trans>Controparte</Trans>
            </dt>
            <dd>{run.counterpartName ?? '—'}</dd>
            <dt>
              <Trans>Formato</Trans>
            </dt>
            <dd>{run.format ? text(FORMAT_LABELS[run.format]) : '—'}</dd>
            <dt>
              <Trans>Stato</Trans>
            </dt>
            <dd data-testid="run-status">{text(RUN_STATUS_LABELS[run.status])}</dd>
            <dt>
              <Trans>Creata</Trans>
            </dt>
            <dd>{formatDateTime(run.createdAt)}</dd>
            <dt>
              <Trans>Iniziata</Trans>
            </dt>
            <dd>{formatDateTime(run.startedAt)}</dd>
            <dt>
              <Trans>Finita</Trans>
            </dt>
            <dd>{formatDateTime(run.endedAt)}</dd>
            <dt>
              <Trans>Richiesta da</Trans>
            </dt>
            <dd>{run.requestedBy ?? <Trans>Scambio file (automatico)</Trans>}</dd>
          </dl>
          <div className="pt-figures" data-testid="run-rows">
            <Figure label={<Trans>Righe lette</Trans>} value={String(run.rowsRead)} />
            <Figure label={<Trans>Salvate</Trans>} value={String(run.rowsStored)} />
            <Figure label={<Trans>In attesa di approvazione</Trans>} value={String(run.rowsPending)} />
            <Figure
              label={<Trans>Scartate</Trans>}
              value={String(run.rowsRejected)}
              tone={run.rowsRejected > 0 ? 'down' : 'flat'}
            />
          </div>
          {run.status === 'TO_MAP' || run.unmapped.length ? (
            <Notice tone="warning" data-testid="run-unmapped">
              <div className="ad-notice">
                <p>
                  <Trans>L'importazione aspetta questi codici: non ha importato nulla. Mappali, poi ricaricala.</Trans>
                </p>
                <ul className="ad-list">
                  {run.unmapped.map((u) => (
                    <li key={`${u.kind}|${u.code}|${u.direction}`}>
                      {text(MAPPING_KIND_LABELS[u.kind])} «{u.code}» · {text(DIRECTION_LABELS[u.direction])} ·{' '}
                      <Trans>righe: {u.rows}</Trans>
                    </li>
                  ))}
                </ul>
                <p>
                  <Link
                    to={mappingFiltersPath({ counterpartId: run.counterpartId, kind: null })}
                    data-testid="run-to-mapping"
                  >
                    <Trans>Vai alla mappatura</Trans>
                  </Link>
                </p>
              </div>
            </Notice>
          ) : null}
          {run.errors.length ? (
            <Notice tone="error" data-testid="run-errors">
              <div className="ad-notice">
                <p>
                  <Trans>I primi errori:</Trans>
                </p>
                <ul className="ad-list">
                  {run.errors.map((e, i) => {
                    const { line, message } = e;
                    return (
                      // biome-ignore lint/suspicious/noArrayIndexKey: errors are listed as the server gives them.
                      <li key={i}>
                        {line === null ? (
                          message
                        ) : (
                          <Trans>
                            riga {line}: {message}
                          </Trans>
                        )}
                      </li>
                    );
                  })}
                </ul>
              </div>
            </Notice>
          ) : run.status === 'DONE' ? (
            <p className="ad-note">
              <Trans>Nessun errore.</Trans>
            </p>
          ) : null}
        </div>
      )}
    </Modal>
  );
}
