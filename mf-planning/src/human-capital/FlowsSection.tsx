// The planned flows (GET /human-capital/flow): a tab per flow group (personal flows first, the spec's default, and
// every group together), 5 rows a page asked of the server, add and edit in FlowDialog, the table's two-step delete
// (DELETE /human-capital/flow/:id takes the flows recorded against it too).
import { useLingui as useLinguiContext } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Flow } from '@patrimonio/shared-api';
import { DEFAULT_FLOW_GROUP, FLOW_GROUPS } from '@patrimonio/shared-api/constants';
import {
  Button,
  type OwnerScope,
  Section,
  type TabDef,
  type TableColumn,
  Tabs,
  useApiQuery,
} from '@patrimonio/shared-ui';
import { useMemo, useState } from 'react';
import { FlowDialog } from './FlowDialog.tsx';
import { CATEGORY_LABELS, DIRECTION_LABELS, FREQUENCY_LABELS, GROUP_LABELS, TOASTS } from './labels.ts';
import { directionTone, flowsRequest, type GroupChoice, signed } from './logic.ts';
import { PagedList, useDeleteRow } from './PagedTable.tsx';

export function FlowsSection({ scope }: { scope: OwnerScope }) {
  const { t } = useLingui();
  const { _: translate } = useLinguiContext();
  const [group, setGroup] = useState<GroupChoice>(DEFAULT_FLOW_GROUP);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Flow | 'new' | null>(null);

  const list = useApiQuery('listFlows', flowsRequest(scope.query, group, page), {
    placeholderData: (previous) => previous,
  });
  const onDelete = useDeleteRow('deleteFlow', TOASTS.flowDeleted);

  const tabs: TabDef<GroupChoice>[] = [
    ...FLOW_GROUPS.map((g) => ({ key: g, label: translate(GROUP_LABELS[g]) })),
    { key: 'ALL', label: t`Tutti` },
  ];
  const columns = useMemo<TableColumn<Flow>[]>(
    () => [
      { key: 'description', title: t`Descrizione`, value: (r) => r.description },
      ...(scope.isFamily ? [{ key: 'owner', title: t`Intestatario`, value: (r: Flow) => r.owner }] : []),
      { key: 'category', title: t`Categoria`, value: (r) => translate(CATEGORY_LABELS[r.category]) },
      {
        key: 'direction',
        title: t`Tipo`,
        value: (r) => translate(DIRECTION_LABELS[r.direction]),
        tone: (r) => directionTone(r.direction),
      },
      {
        key: 'amount',
        title: t`Importo`,
        type: 'money',
        value: (r) => signed(r.direction, r.amount),
        tone: (r) => directionTone(r.direction),
      },
      { key: 'frequency', title: t`Frequenza`, value: (r) => translate(FREQUENCY_LABELS[r.frequency]) },
      {
        key: 'yearlyAmount',
        title: t`Importo annuo`,
        type: 'money',
        value: (r) => signed(r.direction, r.yearlyAmount),
        tone: (r) => directionTone(r.direction),
      },
      { key: 'startDate', title: t`Inizio`, type: 'date', value: (r) => r.startDate },
      { key: 'endDate', title: t`Fine`, type: 'date', value: (r) => r.endDate },
      { key: 'growthRate', title: t`Crescita annua`, type: 'percent', value: (r) => r.growthRate * 100 },
      ...(group === 'ALL'
        ? [{ key: 'flowGroup', title: t`Gruppo`, value: (r: Flow) => translate(GROUP_LABELS[r.flowGroup]) }]
        : []),
      { key: 'note', title: t`Note`, value: (r) => r.note, hiddenByDefault: true },
    ],
    [t, translate, scope.isFamily, group],
  );
  const add = (
    <Button variant="primary" data-testid="hc-add-flow" onClick={() => setEditing('new')}>
      <Trans>Nuovo flusso</Trans>
    </Button>
  );

  return (
    <Section title={<Trans>Flussi pianificati</Trans>} actions={add} data-testid="hc-flows">
      <Tabs
        tabs={tabs}
        value={group}
        onChange={(g) => {
          setGroup(g);
          setPage(1);
        }}
        label={t`Gruppi di flussi`}
      >
        <PagedList
          list={list}
          page={page}
          onPage={setPage}
          add={add}
          emptyTestId="hc-flows-empty"
          empty={
            group === 'ALL' ? (
              <Trans>
                Nessun flusso pianificato. Aggiungi le entrate (stipendio, pensione, affitti) e le uscite (spese di
                vita, scuola, tasse) previste: il capitale umano si calcola da qui.
              </Trans>
            ) : (
              <Trans>Nessun flusso pianificato in questo gruppo.</Trans>
            )
          }
          id="human-capital-flows"
          label={t`Flussi pianificati`}
          columns={columns}
          pagerLabel={t`Pagine dei flussi pianificati`}
          data-testid="hc-flows-pager"
          emptyText={t`Nessun flusso pianificato.`}
          onEdit={setEditing}
          onDelete={onDelete}
        />
      </Tabs>
      <FlowDialog
        open={editing !== null}
        flow={editing === 'new' ? null : editing}
        group={group}
        scope={scope}
        onClose={() => setEditing(null)}
      />
    </Section>
  );
}
