// The fee table (fees report, performance page): per account the six fee subcauses by quarter, each account's
// total per quarter, and the total of all accounts. A plain, accessible HTML table: one caption, column headers
// per quarter, a row group per account headed by its intermediary and holder.
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useId, useMemo } from 'react';
import { chartLocale } from '../charts/logic.ts';
import { SUBCAUSE_LABELS } from '../format/codes.ts';
import { formatMoney } from '../format/numbers.ts';
import { type FeeSubcause, type FeeTableData, feeTableModel } from './fees.ts';

/** The fee table's row names: the movement subcauses' (format/codes.ts). */
export const FEE_SUBCAUSE_LABELS: Record<FeeSubcause, MessageDescriptor> = SUBCAUSE_LABELS;

export interface FeeTableViewProps {
  data: FeeTableData | null | undefined;
  /** The table's caption; default 'Commissioni per trimestre'. */
  label?: string;
  /** Default €. */
  currencySymbol?: string;
}

export function FeeTableView({ data, label, currencySymbol = '€' }: FeeTableViewProps) {
  const { t, i18n } = useLingui();
  const locale = chartLocale(i18n.locale);
  const model = useMemo(() => feeTableModel(data), [data]);
  const captionId = useId();
  const money = (v: number) => formatMoney(v, currencySymbol, locale);
  const caption = label || t`Commissioni per trimestre`;
  const columns = model.quarters.length + 2;

  if (model.accounts.length === 0) {
    return (
      <div className="pt-fee-table" data-testid="fee-table">
        <p className="pt-fee-table__empty">
          <strong>{caption}</strong>: {t`nessuna commissione nel periodo`}
        </p>
      </div>
    );
  }

  return (
    // A wide table scrolls inside its own region, reachable with the keyboard.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to scroll by keyboard
    <section className="pt-fee-table" part="table" aria-labelledby={captionId} tabIndex={0} data-testid="fee-table">
      <table className="pt-fee-table__table">
        <caption id={captionId} className="pt-fee-table__caption">
          {caption}
        </caption>
        <thead>
          <tr className="pt-fee-table__head">
            <th scope="col" className="pt-fee-table__label">
              {t`Causale`}
            </th>
            {model.quarters.map(({ quarter, year }) => (
              <th key={`${year}-${quarter}`} scope="col">
                {t`T${quarter} ${year}`}
              </th>
            ))}
            <th scope="col">{t`Totale`}</th>
          </tr>
        </thead>
        {model.accounts.map((a) => (
          <tbody key={a.key} data-account={a.key}>
            <tr className="pt-fee-table__account">
              <th scope="rowgroup" colSpan={columns}>
                {a.intermediary}
                {a.user ? ` – ${a.user}` : ''}
                {a.gm !== null && a.gm > 0 ? (
                  <span className="pt-fee-table__gm"> · {t`Giacenza media ${money(a.gm)}`}</span>
                ) : null}
              </th>
            </tr>
            {a.rows.map((r) => (
              <tr key={r.subcause} data-subcause={r.subcause}>
                <th scope="row" className="pt-fee-table__label">
                  {i18n._(FEE_SUBCAUSE_LABELS[r.subcause])}
                </th>
                {r.values.map((v, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: one cell per quarter column
                  <td key={i}>{money(v)}</td>
                ))}
                <td>{money(r.total)}</td>
              </tr>
            ))}
            <tr className="pt-fee-table__subtotal">
              <th scope="row" className="pt-fee-table__label">
                {t`Totale conto`}
              </th>
              {a.totals.map((v, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: one cell per quarter column
                <td key={i}>{money(v)}</td>
              ))}
              <td>{money(a.total)}</td>
            </tr>
          </tbody>
        ))}
        <tfoot>
          <tr className="pt-fee-table__total" data-testid="fee-table-total">
            <th scope="row" className="pt-fee-table__label">
              {t`Totale commissioni`}
            </th>
            {model.totals.map((v, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one cell per quarter column
              <td key={i}>{money(v)}</td>
            ))}
            <td>{money(model.total)}</td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
