// The mortgage's amortisation schedule in the detail panel (GET /real-estate/{id}/mortgage/{mortgageId}/schedule):
// every installment as it falls due (number, date, installment, interest, principal, residual debt), the ones already
// due marked, and the residual debt today. Folded by default and loaded on the first opening: a 30-year monthly
// mortgage has 360 rows.
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDate, formatMoney, formatNumber, type OwnerScope, useApiQuery } from '@patrimonio/shared-ui';
import { useState } from 'react';

export function MortgageSchedule(props: {
  realEstateId: number;
  mortgageId: number;
  scope: OwnerScope;
  symbol: string;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const schedule = useApiQuery(
    'getMortgageSchedule',
    { params: { id: props.realEstateId, mortgageId: props.mortgageId }, query: props.scope.query },
    { enabled: open },
  );
  const s = schedule.data;
  const money = (v: number) => formatMoney(v, props.symbol);
  // The table's amounts without the symbol (named once above it), so its six columns fit the panel.
  const amount = (v: number) => formatNumber(v, 2);
  const symbol = props.symbol;
  return (
    <details
      className="re-details"
      data-testid="panel-mortgage-schedule"
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>
        <Trans>Piano di ammortamento</Trans>
      </summary>
      {!open ? null : schedule.isLoading ? (
        <p className="pt-muted" aria-busy="true">
          <Trans>Caricamento…</Trans>
        </p>
      ) : schedule.error || !s ? (
        <p className="pt-error" role="alert">
          <Trans>Impossibile caricare i dati. Riprova tra qualche istante.</Trans>
        </p>
      ) : (
        <>
          <Residual
            day={formatDate(s.date)}
            residual={money(s.residualDebtAt)}
            due={s.installmentsDueAt}
            total={s.rows.length}
          />
          <p className="pt-muted re-small">
            <Trans>Importi in {symbol}</Trans>
          </p>
          <div style={{ overflowX: 'auto' }}>
            <table className="pt-plain-table pt-plain-table--compact re-small" aria-label={t`Piano di ammortamento`}>
              <thead>
                <tr>
                  <th scope="col" className="pt-num">
                    <Trans>N.</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Scadenza</Trans>
                  </th>
                  <th scope="col" className="pt-num">
                    <Trans>Rata</Trans>
                  </th>
                  <th scope="col" className="pt-num">
                    <Trans>Interessi</Trans>
                  </th>
                  <th scope="col" className="pt-num">
                    <Trans>Capitale</Trans>
                  </th>
                  <th scope="col" className="pt-num">
                    <Trans>Debito residuo</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {s.rows.map((r) => (
                  <tr key={r.number} data-due={r.number <= s.installmentsDueAt ? 'true' : undefined}>
                    <td className="pt-num">{r.number}</td>
                    <td>{formatDate(r.date)}</td>
                    <td className="pt-num">{amount(r.installment)}</td>
                    <td className="pt-num">{amount(r.interest)}</td>
                    <td className="pt-num">{amount(r.principal)}</td>
                    <td className="pt-num">{amount(r.residualDebt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </details>
  );
}

/** The residual debt at the schedule's date (today) and how many installments are due by then. */
function Residual({ day, residual, due, total }: { day: string; residual: string; due: number; total: number }) {
  return (
    <p className="pt-muted re-small" data-testid="schedule-residual">
      <Trans>
        Debito residuo al {day}: {residual} ({due} di {total} rate scadute)
      </Trans>
    </p>
  );
}
