// An audited write in detail: who, when, what; for an update the keys it changed with their value before and after,
// otherwise the row before or after as readable JSON.
import { Trans, useLingui } from '@lingui/react/macro';
import type { AuditEntry } from '@patrimonio/shared-api';
import { FormDialog, formatDateTime } from '@patrimonio/shared-ui';
import { changedKeys, readableJson } from '../common/admin-logic.ts';

export function AuditDialog({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  const { i18n } = useLingui();
  const locale = i18n.locale === 'en' ? 'en' : 'it';
  const changes = entry ? changedKeys(entry.before, entry.after) : null;
  return (
    <FormDialog
      open={entry !== null}
      onClose={onClose}
      onSubmit={onClose}
      readOnly
      wide
      title={entry ? `${entry.action} ${entry.entity}${entry.entityId ? ` ${entry.entityId}` : ''}` : ''}
      data-testid="audit-dialog"
    >
      {entry ? (
        <>
          <p className="ad-note">
            {formatDateTime(entry.at, locale)} · {entry.actorName ?? entry.actorId ?? <Trans>Sistema</Trans>}
            {entry.impersonatorId ? (
              <>
                {' '}
                <Trans>(impersonato da {entry.impersonatorName ?? entry.impersonatorId})</Trans>
              </>
            ) : null}
          </p>
          {changes ? (
            changes.length === 0 ? (
              <p data-testid="audit-no-change">
                <Trans>Nessun campo cambiato.</Trans>
              </p>
            ) : (
              <table className="ad-diff" data-testid="audit-diff">
                <caption className="pt-sr-only">
                  <Trans>I campi cambiati</Trans>
                </caption>
                <thead>
                  <tr>
                    <th scope="col">
                      <Trans>Campo</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Prima</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Dopo</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {changes.map((c) => (
                    <tr key={c.key} data-testid={`audit-diff-${c.key}`}>
                      <th scope="row">{c.key}</th>
                      <td>
                        <pre>{readableJson(c.before)}</pre>
                      </td>
                      <td>
                        <pre>{readableJson(c.after)}</pre>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )
          ) : (
            <div className="ad-sides">
              <div>
                <h3 className="pt-section__title">
                  <Trans>Prima</Trans>
                </h3>
                <pre className="ad-json" data-testid="audit-before">
                  {entry.before == null ? '—' : readableJson(entry.before)}
                </pre>
              </div>
              <div>
                <h3 className="pt-section__title">
                  <Trans>Dopo</Trans>
                </h3>
                <pre className="ad-json" data-testid="audit-after">
                  {entry.after == null ? '—' : readableJson(entry.after)}
                </pre>
              </div>
            </div>
          )}
        </>
      ) : null}
    </FormDialog>
  );
}
