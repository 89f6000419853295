// Goals (/goals for a BASIC user's own data, /client/{id}/goals for an adviser; no family variant): the client's goals
// with their probability and the projection (GoalsTab), and the client's simulations (SimulationsTab). The chosen
// tab is kept in the URL query (?tab=simulations), so a reload or a shared link opens the same tab.
import { useLingui } from '@lingui/react/macro';
import {
  navigate,
  ownerScope,
  PageHeader,
  type PageProps,
  selectionName,
  type TabDef,
  Tabs,
  useLocation,
  useSession,
} from '@patrimonio/shared-ui';
import { SimulationsTab } from '../simulations/SimulationsTab.tsx';
import { GoalsTab } from './GoalsTab.tsx';
import { type PlanningTab, tabOf, withTab } from './logic.ts';
import { injectGoalsStyles } from './styles.ts';

injectGoalsStyles();

export function GoalsPage({ match }: PageProps) {
  const { t } = useLingui();
  const session = useSession();
  const scope = ownerScope(match);
  const { pathname, search } = useLocation();
  const tab = tabOf(search);
  const tabs: TabDef<PlanningTab>[] = [
    { key: 'goals', label: t`Obiettivi` },
    { key: 'simulations', label: t`Simulazioni` },
  ];
  return (
    <div className="pt-page pl-page" data-testid="goals-page">
      <PageHeader
        title={match.route.title}
        subtitle={scope.kind === 'client' ? selectionName(session.selection) : null}
      />
      <Tabs
        tabs={tabs}
        value={tab}
        onChange={(next) => navigate(pathname + withTab(search, next), { replace: true })}
        label={t`Obiettivi e simulazioni`}
      >
        {tab === 'goals' ? <GoalsTab scope={scope} /> : <SimulationsTab scope={scope} />}
      </Tabs>
    </div>
  );
}
