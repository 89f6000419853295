// The flows recorded per date (GET /human-capital/movement): one flow group (personal flows by default) in a date
// range (by default the start of the month one year ago to today, spec section 9, always sent), 5 rows a page asked
// of the server, with the range's totals the answer carries (income, expense, net); add and edit in RecordDialog,
// the table's two-step delete.

import type { MessageDescriptor } from '@lingui/core';
import { useLingui as useLinguiContext } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FlowRecord } from '@patrimonio/shared-api';
import { DEFAULT_FLOW_GROUP, type FlowGroup } from '@patrimonio/shared-api/constants';
import {
  Button,
  DatePicker,
  Figure,
  formatDate,
  formatMoney,
  labelOptions,
  type OwnerScope,
  Section,
  Select,
  type TableColumn,
  todayIso,
  useApiQuery,
  useFieldErrors,
} from '@patrimonio/shared-ui';
import { useEffect, useMemo, useState } from 'react';
import { CATEGORY_LABELS, DIRECTION_LABELS, FIELD_MESSAGES, GROUP_LABELS, TOASTS } from './labels.ts';
import { defaultRange, directionTone, rangeReady, recordsRequest, signed } from './logic.ts';
import { PagedList, useDeleteRow } from './PagedTable.tsx';
import { RecordDialog } from './RecordDialog.tsx';

export function RecordsSection({ scope }: { scope: OwnerScope }) {
  const { t } = useLingui();
  const { _: translate } = useLinguiContext();
  const fieldError = useFieldErrors(FIELD_MESSAGES);
  const [group, setGroup] = useState<FlowGroup>(DEFAULT_FLOW_GROUP);
  const [range, setRange] = useState<{ dateFrom: string | null; dateTo: string | null }>(() =>
    defaultRange(todayIso()),
  );
  // The last range that can be asked: a date being typed, or one after the other, keeps the rows shown.
  const [asked, setAsked] = useState(() => defaultRange(todayIso()));
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<FlowRecord | 'new' | null>(null);
  useEffect(() => {
    if (rangeReady(range) && (range.dateFrom !== asked.dateFrom || range.dateTo !== asked.dateTo)) {
      setAsked({ dateFrom: range.dateFrom, dateTo: range.dateTo });
      setPage(1);
    }
  }, [range, asked]);

  const list = useApiQuery('listFlowRecords', recordsRequest(scope.query, group, asked, page), {
    placeholderData: (previous) => previous,
  });
  const onDelete = useDeleteRow('deleteFlowRecord', TOASTS.recordDeleted);
  const data = list.data;

  const columns = useMemo<TableColumn<FlowRecord>[]>(
    () => [
      { key: 'date', title: t`Data`, type: 'date', value: (r) => r.date },
      { key: 'description', title: t`Flusso pianificato`, value: (r) => r.description },
      ...(scope.isFamily ? [{ key: 'owner', title: t`Intestatario`, value: (r: FlowRecord) => r.owner }] : []),
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
      { key: 'note', title: t`Note`, value: (r) => r.note },
    ],
    [t, translate, scope.isFamily],
  );
  const add = (
    <Button variant="primary" data-testid="hc-add-record" onClick={() => setEditing('new')}>
      <Trans>Registra un flusso</Trans>
    </Button>
  );
  const rangeError = range.dateFrom && range.dateTo && range.dateFrom > range.dateTo ? 'rangeOrder' : null;
  const from = formatDate(data?.dateFrom ?? asked.dateFrom);
  const to = formatDate(data?.dateTo ?? asked.dateTo);

  return (
    <Section title={<Trans>Flussi registrati</Trans>} actions={add} data-testid="hc-records">
      <div className="hc-toolbar">
        <Select
          label={<Trans>Gruppo</Trans>}
          name="recordsGroup"
          data-testid="hc-records-group"
          value={group}
          options={labelOptions(GROUP_LABELS, (d: MessageDescriptor) => translate(d))}
          onChange={(v) => {
            if (!v) return;
            setGroup(v);
            setPage(1);
          }}
        />
        <DatePicker
          label={<Trans>Dal</Trans>}
          name="dateFrom"
          quickYears={false}
          data-testid="hc-records-from"
          error={fieldError(rangeError)}
          value={range.dateFrom}
          onChange={(v) => setRange((r) => ({ ...r, dateFrom: v }))}
        />
        <DatePicker
          label={<Trans>Al</Trans>}
          name="dateTo"
          quickYears={false}
          data-testid="hc-records-to"
          value={range.dateTo}
          onChange={(v) => setRange((r) => ({ ...r, dateTo: v }))}
        />
      </div>
      <PagedList
        list={list}
        page={page}
        onPage={setPage}
        add={add}
        emptyTestId="hc-records-empty"
        empty={
          <Trans>
            Nessun flusso registrato dal {from} al {to} in questo gruppo. Registra le entrate e le uscite avvenute per
            confrontarle con quelle pianificate.
          </Trans>
        }
        id="human-capital-records"
        label={t`Flussi registrati`}
        columns={columns}
        pagerLabel={t`Pagine dei flussi registrati`}
        data-testid="hc-records-pager"
        emptyText={t`Nessun flusso registrato.`}
        onEdit={setEditing}
        onDelete={onDelete}
      >
        {data ? (
          <div className="hc-totals" data-testid="hc-records-totals">
            <Figure label={<Trans>Entrate nel periodo</Trans>} value={formatMoney(data.income)} />
            <Figure label={<Trans>Uscite nel periodo</Trans>} value={formatMoney(data.expense)} />
            <Figure
              label={<Trans>Netto nel periodo</Trans>}
              value={formatMoney(data.net)}
              tone={data.net > 0 ? 'up' : data.net < 0 ? 'down' : 'flat'}
              hint={
                <Trans>
                  Dal {from} al {to}
                </Trans>
              }
            />
          </div>
        ) : null}
      </PagedList>
      <RecordDialog
        open={editing !== null}
        record={editing === 'new' ? null : editing}
        scope={scope}
        onClose={() => setEditing(null)}
      />
    </Section>
  );
}
