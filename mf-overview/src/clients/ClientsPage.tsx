// /clients (PRO and DELEGATE): the tabs Clients and Families. The tab is kept in the address (?tab=families)
// so a reload or a link comes back to it.
import { useLingui } from '@lingui/react/macro';
import { navigate, PageHeader, type PageProps, Tabs, useLocation, useSession } from '@patrimonio/shared-ui';
import { ClientsTab } from './ClientsTab.tsx';
import { FamiliesTab } from './FamiliesTab.tsx';
import { managesClients } from './queries.ts';

type TabKey = 'clients' | 'families';

export function ClientsPage({ match }: PageProps) {
  const { t } = useLingui();
  const { user } = useSession();
  const { search } = useLocation();
  const tab: TabKey = new URLSearchParams(search).get('tab') === 'families' ? 'families' : 'clients';
  const select = (key: TabKey) =>
    navigate(key === 'families' ? '/clients?tab=families' : '/clients', { replace: true });

  return (
    <section className="pt-page pt-ov-page" data-testid="clients-page">
      <PageHeader title={match.route.title} />
      {managesClients(user?.role) ? (
        <Tabs
          label={t`Clienti e famiglie`}
          value={tab}
          onChange={select}
          tabs={[
            { key: 'clients', label: t`Clienti` },
            { key: 'families', label: t`Famiglie` },
          ]}
        >
          {tab === 'clients' ? <ClientsTab /> : <FamiliesTab />}
        </Tabs>
      ) : null}
    </section>
  );
}
