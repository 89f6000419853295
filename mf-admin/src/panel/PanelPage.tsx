// The admin's home (/caronte-panel; ADMIN): two tabs kept in the URL. "Oggi" (the default) is what needs attention
// today (GET /admin/dashboard), each item a link to the page that deals with it, and the files and rows imported per
// day over the last 30 days; "Utenti" (?tab=users) is the users table with their creation and editing (the spec has
// no separate users route). Anyone else is told so, and nothing is asked of the server.
import { Trans, useLingui } from '@lingui/react/macro';
import { navigate, type PageProps, Tabs, useLocation, useSession } from '@patrimonio/shared-ui';
import { AdminPage } from '../common/AdminPage.tsx';
import { type PanelTab, panelTabPath, readPanelTab } from '../common/admin-logic.ts';
import { UsersTab } from '../users/UsersTab.tsx';
import { TodayTab } from './TodayTab.tsx';

export function PanelPage({ match }: PageProps) {
  const { t } = useLingui();
  const { user } = useSession();
  const { search } = useLocation();
  const allowed = user?.role === 'ADMIN';
  const tab = readPanelTab(search);

  return (
    <AdminPage
      data-testid="panel-page"
      title={match.route.title}
      subtitle={<Trans>Quello che oggi richiede attenzione, e gli utenti di ogni ruolo.</Trans>}
      refused={allowed ? null : <Trans>Il pannello è dell'amministratore.</Trans>}
    >
      <Tabs<PanelTab>
        label={t`Sezioni del pannello`}
        value={tab}
        onChange={(next) => navigate(panelTabPath(next), { replace: true })}
        tabs={[
          { key: 'today', label: <Trans>Oggi</Trans> },
          { key: 'users', label: <Trans>Utenti</Trans> },
        ]}
      >
        {tab === 'users' ? <UsersTab currentUserId={user?.id ?? null} /> : <TodayTab />}
      </Tabs>
    </AdminPage>
  );
}
