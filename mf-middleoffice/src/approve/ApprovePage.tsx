// Pending movements (/approve, the BACK_OFFICE home; PRO, ADMIN, BACK_OFFICE, a DELEGATE with APPROVE_MOVEMENT):
// what arrived from a file import by the back office, the bank feeds, open banking or a client's own entry waits
// here, out of every figure, until it is approved (or edited, then approved) or rejected with a reason. A second
// tab lists the rejected ones. The back office (ADMIN, BACK_OFFICE) imports files from here (ImportDialog): their
// rows are the main source of what waits. A DELEGATE without the permission gets the notice and no call (the menu
// hides the entry; the server answers 403 anyway).
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Notice, PageHeader, type PageProps, type TabDef, Tabs, useSession } from '@patrimonio/shared-ui';
import { useState } from 'react';
import { ImportDialog } from './ImportDialog.tsx';
import { mayApprove, mayImport, NO_PERMISSION } from './logic.ts';
import { PendingList } from './PendingList.tsx';
import { RejectedList } from './RejectedList.tsx';
import { injectApproveStyles } from './styles.ts';

injectApproveStyles();

type ApproveTab = 'pending' | 'rejected';

export function ApprovePage({ match }: PageProps) {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  const [tab, setTab] = useState<ApproveTab>('pending');
  const [importing, setImporting] = useState(false);
  const imports = mayApprove(user) && mayImport(user);
  const tabs: TabDef<ApproveTab>[] = [
    { key: 'pending', label: t`In attesa` },
    { key: 'rejected', label: t`Rifiutati` },
  ];
  return (
    <div className="pt-page" data-testid="approve-page">
      <PageHeader
        title={match.route.title}
        subtitle={
          <Trans>
            I movimenti arrivati da un import del back office, dai flussi della banca, dall'open banking o inseriti dai
            clienti restano fuori da ogni calcolo finché non sono approvati.
          </Trans>
        }
        actions={
          imports ? (
            <Button variant="primary" data-testid="approve-import" onClick={() => setImporting(true)}>
              <Trans>Importa movimenti</Trans>
            </Button>
          ) : null
        }
      />
      {mayApprove(user) ? (
        <Tabs tabs={tabs} value={tab} onChange={setTab} label={t`Movimenti in attesa e rifiutati`}>
          {tab === 'pending' ? <PendingList /> : <RejectedList />}
        </Tabs>
      ) : (
        <Notice tone="error" data-testid="approve-forbidden">
          {i18n._(NO_PERMISSION)}
        </Notice>
      )}
      {imports ? <ImportDialog open={importing} onClose={() => setImporting(false)} /> : null}
    </div>
  );
}
