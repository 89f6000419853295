// The families tab: every family the adviser may see with its members and weights; open, members, rename,
// delete (two-step). Delete errors are only logged (data-and-admin section 8).
import { useLingui } from '@lingui/react/macro';
import { DataTable, type Family, numberLocale, type TableColumn, useSession } from '@patrimonio/shared-ui';
import { useState } from 'react';
import { STATUS_LABELS } from '../labels.ts';
import { FamilyNameDialog } from './FamilyNameDialog.tsx';
import { MembersDialog } from './MembersDialog.tsx';
import { clientStatus } from './model.ts';
import { useAllFamilies } from './queries.ts';
import { ownerRows } from './remove.ts';

type Dialog = { kind: 'add' } | { kind: 'rename'; family: Family } | { kind: 'members'; family: Family } | null;

export function FamiliesTab() {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  const families = useAllFamilies(user?.role);
  const [dialog, setDialog] = useState<Dialog>(null);

  const weight = (w: number) => new Intl.NumberFormat(numberLocale(i18n.locale === 'en' ? 'en' : 'it')).format(w);
  const columns: TableColumn<Family>[] = [
    { key: 'name', title: t`Famiglia`, value: (f) => f.name, width: 180 },
    { key: 'count', title: t`Membri`, type: 'number', value: (f) => f.users.length, width: 90 },
    {
      key: 'members',
      title: t`Membri e pesi`,
      width: 260,
      value: (f) => f.users.map((u) => `${u.name} (${weight(u.weight)})`).join(', '),
    },
    { key: 'status', title: t`Stato`, value: (f) => i18n._(STATUS_LABELS[clientStatus(f)]), width: 100 },
  ];

  const { actions } = ownerRows<Family>('family', { open: t`Apri`, delete: t`Elimina` }, [
    { id: 'members', label: t`Membri`, icon: 'more', onClick: (f) => setDialog({ kind: 'members', family: f }) },
    { id: 'rename', label: t`Rinomina`, icon: 'edit', onClick: (f) => setDialog({ kind: 'rename', family: f }) },
  ]);

  return (
    <>
      <DataTable
        id="families"
        exportName={t`famiglie`}
        label={t`Famiglie`}
        columns={columns}
        rows={families.data?.item}
        rowKey={(f) => f.id}
        loading={families.isPending}
        error={families.isError ? t`Impossibile caricare le famiglie.` : null}
        emptyText={t`Non ci sono ancora famiglie: creane una per vedere insieme il patrimonio di più clienti.`}
        actions={actions}
        toolbar={
          <button
            type="button"
            className="pt-btn pt-btn--primary"
            onClick={() => setDialog({ kind: 'add' })}
            data-testid="add-family"
          >
            {t`Aggiungi famiglia`}
          </button>
        }
      />
      {dialog?.kind === 'add' ? (
        <FamilyNameDialog
          onClose={() => setDialog(null)}
          onCreated={(family) => setDialog({ kind: 'members', family })}
        />
      ) : null}
      {dialog?.kind === 'rename' ? <FamilyNameDialog family={dialog.family} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'members' ? <MembersDialog family={dialog.family} onClose={() => setDialog(null)} /> : null}
    </>
  );
}
