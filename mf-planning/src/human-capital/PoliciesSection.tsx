// Life insurance (GET /human-capital/insurance): insurer, type, insured, beneficiary, capital, premium and its
// frequency, start, end, surrender value and whether it has expired, 5 rows a page asked of the server; add and edit
// in PolicyDialog, the table's two-step delete.
import { useLingui as useLinguiContext } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Policy } from '@patrimonio/shared-api';
import { Button, type OwnerScope, Section, type TableColumn, useApiQuery } from '@patrimonio/shared-ui';
import { useMemo, useState } from 'react';
import { POLICY_TYPE_LABELS, PREMIUM_FREQUENCY_LABELS, TOASTS } from './labels.ts';
import { policiesRequest } from './logic.ts';
import { PagedList, useDeleteRow } from './PagedTable.tsx';
import { PolicyDialog } from './PolicyDialog.tsx';

export function PoliciesSection({ scope }: { scope: OwnerScope }) {
  const { t } = useLingui();
  const { _: translate } = useLinguiContext();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Policy | 'new' | null>(null);
  const list = useApiQuery('listPolicies', policiesRequest(scope.query, page), {
    placeholderData: (previous) => previous,
  });
  const onDelete = useDeleteRow('deletePolicy', TOASTS.policyDeleted);

  const columns = useMemo<TableColumn<Policy>[]>(
    () => [
      { key: 'insurer', title: t`Compagnia`, value: (r) => r.insurer },
      ...(scope.isFamily ? [{ key: 'owner', title: t`Intestatario`, value: (r: Policy) => r.owner }] : []),
      { key: 'policyType', title: t`Tipo di polizza`, value: (r) => translate(POLICY_TYPE_LABELS[r.policyType]) },
      { key: 'policyNumber', title: t`Numero di polizza`, value: (r) => r.policyNumber, hiddenByDefault: true },
      { key: 'insured', title: t`Assicurato`, value: (r) => r.insured },
      { key: 'beneficiary', title: t`Beneficiario`, value: (r) => r.beneficiary },
      { key: 'capital', title: t`Capitale assicurato`, type: 'money', value: (r) => r.capital },
      { key: 'premium', title: t`Premio`, type: 'money', value: (r) => r.premium },
      {
        key: 'premiumFrequency',
        title: t`Frequenza del premio`,
        value: (r) => translate(PREMIUM_FREQUENCY_LABELS[r.premiumFrequency]),
      },
      {
        key: 'yearlyPremium',
        title: t`Premi annui`,
        type: 'money',
        value: (r) => r.yearlyPremium,
        hiddenByDefault: true,
      },
      { key: 'startDate', title: t`Inizio`, type: 'date', value: (r) => r.startDate },
      { key: 'endDate', title: t`Scadenza`, type: 'date', value: (r) => r.endDate },
      { key: 'surrenderValue', title: t`Valore di riscatto`, type: 'money', value: (r) => r.surrenderValue },
      {
        key: 'expired',
        title: t`Stato`,
        value: (r) => (r.expired ? t`Scaduta` : t`In vigore`),
        tone: (r) => (r.expired ? 'warning' : null),
      },
      { key: 'note', title: t`Note`, value: (r) => r.note, hiddenByDefault: true },
    ],
    [t, translate, scope.isFamily],
  );
  const add = (
    <Button variant="primary" data-testid="hc-add-policy" onClick={() => setEditing('new')}>
      <Trans>Nuova polizza</Trans>
    </Button>
  );

  return (
    <Section title={<Trans>Polizze vita</Trans>} actions={add} data-testid="hc-policies">
      <PagedList
        list={list}
        page={page}
        onPage={setPage}
        add={add}
        emptyTestId="hc-policies-empty"
        empty={
          <Trans>
            Nessuna polizza vita. Aggiungi le polizze caso morte, vita intera e unit linked: il capitale assicurato e i
            premi entrano nel quadro del capitale umano.
          </Trans>
        }
        id="human-capital-policies"
        label={t`Polizze vita`}
        columns={columns}
        pagerLabel={t`Pagine delle polizze vita`}
        data-testid="hc-policies-pager"
        emptyText={t`Nessuna polizza vita.`}
        onEdit={setEditing}
        onDelete={onDelete}
      />
      <PolicyDialog
        open={editing !== null}
        policy={editing === 'new' ? null : editing}
        scope={scope}
        onClose={() => setEditing(null)}
      />
    </Section>
  );
}
