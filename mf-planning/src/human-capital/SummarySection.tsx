// The figure (GET /human-capital/summary): the human capital with the discount rate and retirement date it used,
// the next 12 months' planned income, expense and net, life insurance totals and the yearly net flows as bars. A
// single client's settings ("Impostazioni": retirement date and discount rate, PUT /human-capital/settings) are
// changed here; a family view lists its members with their weight, retirement date and human capital instead.
import { useLingui as useLinguiContext } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { HumanCapitalSummary } from '@patrimonio/shared-api';
import { DEFAULT_DISCOUNT_RATE } from '@patrimonio/shared-api/constants';
import {
  BarChart,
  Button,
  DataTable,
  DatePicker,
  Figure,
  FormDialog,
  formatDate,
  formatMoney,
  formatPercent,
  type OwnerScope,
  PercentInput,
  QueryState,
  Section,
  type TableColumn,
  useApiMutation,
  useApiQuery,
  useContractForm,
  useFieldErrors,
} from '@patrimonio/shared-ui';
import { contract } from '@patrimonio/shared-ui/contract';
import { useMemo, useState } from 'react';
import { RETIREMENT_SOURCE_LABELS, TOASTS } from './labels.ts';
import {
  HUMAN_CAPITAL_ROUTES,
  ownSettings,
  type SettingsDraft,
  settingsBody,
  settingsDraftOf,
  yearlyBars,
} from './logic.ts';

type Member = HumanCapitalSummary['members'][number];

const toneOf = (v: number) => (v > 0 ? 'up' : v < 0 ? 'down' : 'flat');

export function SummarySection({ scope }: { scope: OwnerScope }) {
  const { t } = useLingui();
  const { _: translate } = useLinguiContext();
  const summary = useApiQuery('humanCapitalSummary', { query: scope.query });
  const [settingsOpen, setSettingsOpen] = useState(false);
  const s = summary.data;
  const own = s && !scope.isFamily ? ownSettings(s) : null;
  const bars = useMemo(() => (s ? yearlyBars(s.yearlyNet, (n) => t`Anno ${n}`) : null), [s, t]);
  const series = useMemo(
    () => (bars ? bars.series.map((x) => ({ ...x, name: t`Flusso netto previsto` })) : []),
    [bars, t],
  );

  const rate = own ? formatPercent(own.discountRate * 100) : '';
  const retirement = own ? formatDate(own.retirementDate) : '';
  const source = own ? translate(RETIREMENT_SOURCE_LABELS[own.retirementSource]) : '';
  const at = s ? formatDate(s.date) : '';

  return (
    <Section
      title={<Trans>Capitale umano</Trans>}
      data-testid="hc-summary"
      actions={
        scope.isFamily ? null : (
          <Button data-testid="hc-settings" disabled={!s} onClick={() => setSettingsOpen(true)}>
            <Trans>Impostazioni</Trans>
          </Button>
        )
      }
    >
      <QueryState loading={summary.isLoading} error={summary.error} onRetry={() => void summary.refetch()}>
        {s ? (
          <>
            <div className="pt-figures">
              <Figure
                label={<Trans>Capitale umano</Trans>}
                value={formatMoney(s.humanCapital)}
                tone={toneOf(s.humanCapital)}
                hint={
                  own ? (
                    <span data-testid="hc-figure-basis">
                      <Trans>
                        Al {at}, scontato al {rate} annuo fino alla pensione del {retirement} ({source})
                      </Trans>
                    </span>
                  ) : (
                    <Trans>Al {at}, somma dei membri secondo il loro peso</Trans>
                  )
                }
                data-testid="hc-figure"
              />
              <Figure
                label={<Trans>Entrate dei prossimi 12 mesi</Trans>}
                value={formatMoney(s.next12Months.income)}
                data-testid="hc-next-income"
              />
              <Figure
                label={<Trans>Uscite dei prossimi 12 mesi</Trans>}
                value={formatMoney(s.next12Months.expense)}
                data-testid="hc-next-expense"
              />
              <Figure
                label={<Trans>Netto dei prossimi 12 mesi</Trans>}
                value={formatMoney(s.next12Months.net)}
                tone={toneOf(s.next12Months.net)}
                data-testid="hc-next-net"
              />
            </div>
            <div className="pt-figures">
              <Figure
                label={<Trans>Capitale assicurato</Trans>}
                value={formatMoney(s.insuredCapital)}
                data-testid="hc-insured-capital"
              />
              <Figure
                label={<Trans>Premi annui</Trans>}
                value={formatMoney(s.yearlyPremiums)}
                data-testid="hc-yearly-premiums"
              />
              <Figure
                label={<Trans>Valore di riscatto</Trans>}
                value={formatMoney(s.surrenderValue)}
                data-testid="hc-surrender-value"
              />
            </div>
            {scope.isFamily ? <MembersTable members={s.members} /> : null}
            {bars && bars.categories.length > 0 ? (
              <BarChart
                categories={bars.categories}
                series={series}
                format="money"
                colorBySign
                label={t`Flusso netto previsto per anno fino alla pensione`}
              />
            ) : null}
          </>
        ) : null}
      </QueryState>
      {scope.isFamily ? null : (
        <SettingsDialog open={settingsOpen} onClose={() => setSettingsOpen(false)} scope={scope} current={own} />
      )}
    </Section>
  );
}

function MembersTable({ members }: { members: readonly Member[] }) {
  const { t } = useLingui();
  const columns = useMemo<TableColumn<Member>[]>(
    () => [
      { key: 'name', title: t`Membro`, value: (m) => m.name },
      { key: 'weight', title: t`Peso`, type: 'number', value: (m) => m.weight },
      { key: 'retirementDate', title: t`Data di pensionamento`, type: 'date', value: (m) => m.retirementDate },
      { key: 'discountRate', title: t`Tasso di sconto`, type: 'percent', value: (m) => m.discountRate * 100 },
      { key: 'humanCapital', title: t`Capitale umano`, type: 'money', value: (m) => m.humanCapital },
    ],
    [t],
  );
  return (
    <DataTable
      id="human-capital-members"
      label={t`Membri della famiglia`}
      columns={columns}
      rows={members}
      rowKey={(m) => m.clientId}
      search={false}
      exportable={false}
      emptyText={t`Nessun membro nella famiglia.`}
    />
  );
}

const EMPTY_SETTINGS: SettingsDraft = { retirementDate: null, discountRate: null };

function SettingsDialog(props: { open: boolean; onClose: () => void; scope: OwnerScope; current: Member | null }) {
  const fieldError = useFieldErrors();
  const { scope, current } = props;
  const clientId = scope.kind === 'client' ? scope.clientId : null;
  const form = useContractForm<SettingsDraft, typeof contract.updatePlanningSettings.body>(
    contract.updatePlanningSettings.body,
    {
      open: props.open,
      defaults: current ? settingsDraftOf(current) : EMPTY_SETTINGS,
      toBody: (d) => settingsBody(d, scope.kind, clientId),
    },
  );
  const save = useApiMutation('updatePlanningSettings', {
    success: TOASTS.settingsSaved,
    invalidate: HUMAN_CAPITAL_ROUTES,
  });
  const draft = form.watch();
  const defaultRate = formatPercent(DEFAULT_DISCOUNT_RATE * 100);
  const submit = form.submit(async (body) => {
    await save.mutateAsync({ body });
    props.onClose();
  });
  return (
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      onSubmit={() => void submit()}
      busy={save.isPending}
      title={<Trans>Impostazioni del capitale umano</Trans>}
      error={form.submitError ? <Trans>Impossibile salvare. Riprova tra qualche istante.</Trans> : null}
      data-testid="hc-settings-dialog"
    >
      <DatePicker
        label={<Trans>Data di pensionamento</Trans>}
        name="retirementDate"
        quickYears
        hint={<Trans>Vuota: i 67 anni dal codice fiscale, altrimenti tra 20 anni</Trans>}
        data-testid="hc-retirement-date"
        error={fieldError(form.codeOf('retirementDate'))}
        value={draft.retirementDate}
        onChange={(v) => form.setValue('retirementDate', v)}
      />
      <PercentInput
        label={<Trans>Tasso di sconto annuo</Trans>}
        name="discountRate"
        hint={<Trans>Vuoto: {defaultRate}</Trans>}
        data-testid="hc-discount-rate"
        error={fieldError(form.codeOf('discountRate'))}
        value={draft.discountRate}
        onChange={(v) => form.setValue('discountRate', v)}
      />
    </FormDialog>
  );
}
