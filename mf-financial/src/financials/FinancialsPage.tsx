// Financials (spec: /financials, /client/{id}/financials, /family/{familyId}/financials; the legacy entry of the
// side menu): tabs for portfolios, accounts, movements and intermediaries, each a table with its dialogs. The tab
// is kept in the URL query (?tab=...). Adding an account is in the page header, where the guided tour finds it.
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  navigate,
  PageHeader,
  type PageProps,
  type TabDef,
  Tabs,
  tourTarget,
  useLocation,
  useSession,
} from '@patrimonio/shared-ui';
import { useState } from 'react';
import { canProposeMovement, canWriteFinancial } from '../common/access.ts';
import { useFinancialContext } from '../context/useFinancialContext.ts';
import { AccountDialog } from '../dialogs/AccountDialog.tsx';
import { MovementUploadDialog } from '../dialogs/MovementUploadDialog.tsx';
import { type FinancialTab, tabOf, withTab } from '../logic/tabs.ts';
import { AccountsTab } from './AccountsTab.tsx';
import { IntermediariesTab } from './IntermediariesTab.tsx';
import { MovementsTab } from './MovementsTab.tsx';
import { PortfoliosTab } from './PortfoliosTab.tsx';

export function FinancialsPage({ match }: PageProps) {
  const { t } = useLingui();
  const { user } = useSession();
  const { search } = useLocation();
  const ctx = useFinancialContext(match);
  const tab = tabOf(search);
  const writer = canWriteFinancial(user?.role);
  const [dialog, setDialog] = useState<'account' | 'upload' | null>(null);

  const setTab = (next: FinancialTab) =>
    navigate(`${window.location.pathname}${withTab(window.location.search, next)}`, { replace: true });
  const tabs: TabDef<FinancialTab>[] = [
    { key: 'portfolios', label: t`Portafogli` },
    { key: 'accounts', label: t`Conti` },
    { key: 'movements', label: t`Movimenti` },
    { key: 'intermediaries', label: t`Intermediari` },
  ];
  const portfolios = ctx.items
    .filter((i) => !i.aggregate && i.id !== null)
    .map((i) => ({ id: i.id!, name: i.name, ownerId: i.ownerId }));

  return (
    <div className="pt-page" data-testid="financials-page">
      <PageHeader
        title={match.route.title}
        actions={
          writer ? (
            <>
              <Button {...tourTarget('accounts-add')} data-testid="add-account" onClick={() => setDialog('account')}>
                <Trans>Nuovo conto</Trans>
              </Button>
              <Button variant="primary" data-testid="upload-movements" onClick={() => setDialog('upload')}>
                <Trans>Importa movimenti</Trans>
              </Button>
            </>
          ) : null
        }
      />
      <Tabs tabs={tabs} value={tab} onChange={setTab} label={t`Sezioni finanziarie`}>
        {tab === 'portfolios' ? <PortfoliosTab ctx={ctx} writer={writer} /> : null}
        {tab === 'accounts' ? <AccountsTab ctx={ctx} writer={writer} /> : null}
        {tab === 'movements' ? (
          <MovementsTab ctx={ctx} writer={writer} clientEntry={canProposeMovement(user?.role)} />
        ) : null}
        {tab === 'intermediaries' ? <IntermediariesTab writer={writer} /> : null}
      </Tabs>
      {writer ? (
        <>
          <AccountDialog
            open={dialog === 'account'}
            onClose={() => setDialog(null)}
            scope={ctx.scope}
            portfolios={portfolios}
            defaultPortfolioIds={typeof ctx.state.ptf === 'number' ? [ctx.state.ptf] : []}
          />
          <MovementUploadDialog open={dialog === 'upload'} onClose={() => setDialog(null)} scope={ctx.scope} />
        </>
      ) : null}
    </div>
  );
}
