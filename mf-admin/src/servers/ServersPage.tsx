// External servers (/caronte-server; ADMIN only): where the banks' files come from, a local drop folder or an SFTP
// server (GET /external-server), with their folder, file pattern, schedule in words, whether enabled and the last
// fetch with its outcome. Add and edit in a dialog; delete with the two-step confirmation (409 server_in_use while a
// counterpart names it); "Verifica" connects and lists the folder ('Check ok!' / 'Check failed' and a dialog with
// what it saw or why it failed); "Recupera ora" fetches the new files at once (how many arrived, how many known).
// Anyone else is told so, and nothing is asked of the server.
import { Trans, useLingui } from '@lingui/react/macro';
import type { ExternalServer, FetchResult } from '@patrimonio/shared-api';
import { mayManageServers } from '@patrimonio/shared-api/constants';
import {
  Button,
  DataTable,
  errorCode,
  type PageProps,
  type TableAction,
  type TableColumn,
  useApiQuery,
} from '@patrimonio/shared-ui';
import { useMemo, useState } from 'react';
import { AdminPage, listRows, useDeleteAction, useEditing, useMay } from '../common/AdminPage.tsx';
import { type Outcome, useOutcomeMutation } from '../common/actions.ts';
import { PROTOCOL_LABELS, TOASTS } from '../common/labels.ts';
import { describeSchedule, fetchMessages, serverAddress } from '../common/logic.ts';
import { CheckDialog } from './CheckDialog.tsx';
import { ServerDialog } from './ServerDialog.tsx';

export function ServersPage({ match }: PageProps) {
  const { t, i18n } = useLingui();
  const allowed = useMay(mayManageServers);
  const list = useApiQuery('listServers', undefined, { enabled: allowed });
  const editing = useEditing<ExternalServer>();
  const [checking, setChecking] = useState<ExternalServer | null>(null);

  const check = useOutcomeMutation('checkServer', { quiet: true, error: () => TOASTS.checkFailed });
  const fetchNow = useOutcomeMutation('fetchServer', {
    quiet: true,
    error: () => TOASTS.fetchFailed,
    invalidate: ['listServers', 'listFiles', 'listRuns'],
  });
  const deleteServer: TableAction<ExternalServer> = useDeleteAction('deleteServer', {
    deleted: TOASTS.serverDeleted,
    error: (e) => (errorCode(e) === 'server_in_use' ? TOASTS.serverInUse : undefined),
    invalidate: ['listServers', 'serverNames'],
  });

  const locale = i18n.locale;
  const columns = useMemo<TableColumn<ExternalServer>[]>(
    () => [
      { key: 'name', title: t`Nome`, value: (r) => r.name },
      // The address says it (sftp://… or a folder): in the column menu, so the row actions stay in view at 1366 px.
      {
        key: 'protocol',
        title: t`Protocollo`,
        value: (r) => i18n._(PROTOCOL_LABELS[r.protocol]),
        hiddenByDefault: true,
      },
      { key: 'address', title: t`Indirizzo e cartella`, value: serverAddress, width: 240 },
      { key: 'filePattern', title: t`Modello dei file`, value: (r) => r.filePattern },
      {
        key: 'schedule',
        title: t`Pianificazione`,
        value: (r) => (r.schedule ? (describeSchedule(r.schedule, locale) ?? r.schedule) : t`Solo su richiesta`),
        tooltip: (r) => r.schedule,
        width: 220,
      },
      {
        key: 'enabled',
        title: t`Stato`,
        value: (r) => (r.enabled ? t`Attivo` : t`Disattivato`),
        tone: (r) => (r.enabled ? null : 'neutral'),
      },
      { key: 'lastFetchAt', title: t`Ultimo recupero`, type: 'dateTime', value: (r) => r.lastFetchAt },
      {
        key: 'lastFetchOk',
        title: t`Esito`,
        value: (r) => (r.lastFetchOk === null ? '' : r.lastFetchOk ? t`Riuscito` : t`Fallito`),
        tone: (r) => (r.lastFetchOk === null ? null : r.lastFetchOk ? 'positive' : 'negative'),
        tooltip: (r) => r.lastFetchMessage,
      },
      {
        key: 'lastFetchMessage',
        title: t`Dettaglio dell'esito`,
        value: (r) => r.lastFetchMessage ?? '',
        hiddenByDefault: true,
      },
    ],
    [t, i18n, locale],
  );

  const runCheck = (server: ExternalServer) => {
    setChecking(server);
    check.reset();
    check.run({ params: { id: server.id } }, (r) => ({
      ok: r.ok,
      message: r.ok ? TOASTS.checkOk : TOASTS.checkFailed,
    }));
  };
  /** How many files arrived and how many were known, or why the fetch failed. */
  const fetched = (r: FetchResult): Outcome =>
    r.ok
      ? {
          ok: true,
          message: fetchMessages(r)
            .map((m) => i18n._(m))
            .join(', '),
        }
      : { ok: false, message: `${i18n._(TOASTS.fetchFailed)}: ${r.message}` };

  const actions: TableAction<ExternalServer>[] = [
    { id: 'check', label: t`Verifica la connessione`, icon: 'check', onClick: runCheck },
    {
      id: 'fetch',
      label: t`Recupera ora i file`,
      icon: 'fetch',
      onClick: (r) => fetchNow.run({ params: { id: r.id } }, fetched),
    },
    { id: 'edit', label: t`Modifica`, icon: 'edit', onClick: editing.edit },
    deleteServer,
  ];

  return (
    <AdminPage
      data-testid="servers-page"
      title={match.route.title}
      subtitle={
        <Trans>
          I server da cui arrivano i file delle banche: una cartella locale o un server SFTP, con la cartella, il
          modello dei nomi dei file e la pianificazione del recupero.
        </Trans>
      }
      actions={
        <Button variant="primary" data-testid="server-add" onClick={editing.add}>
          <Trans>Nuovo server</Trans>
        </Button>
      }
      refused={allowed ? null : <Trans>Solo un amministratore gestisce i server dei file.</Trans>}
    >
      <DataTable
        id="servers"
        exportName={t`server`}
        label={t`Server dei file delle banche`}
        columns={columns}
        {...listRows(list, t`Impossibile caricare i server. Riprova tra qualche istante.`)}
        emptyText={t`Nessun server: aggiungine uno per ricevere i file delle banche.`}
        actions={actions}
        defaultSort={{ key: 'name', direction: 'asc' }}
      />
      <ServerDialog open={editing.open} server={editing.record} onClose={editing.close} />
      <CheckDialog
        server={checking}
        result={check.data}
        pending={check.isPending || check.isIdle}
        failed={check.isError}
        onClose={() => setChecking(null)}
      />
    </AdminPage>
  );
}
