// The React side of <pt-wealth-total>: a card with the whole wealth (money in the widget's language), the date and
// the parts by kind of wealth with their share. No chart library: the card stays small.
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { WealthTotalData } from '@patrimonio/shared-api';
import { WEALTH_LABELS } from '../format/codes.ts';
import { formatDate } from '../format/dates.ts';
import { formatMoney, formatPercent } from '../format/numbers.ts';
import { type WidgetInputProps, WidgetShell } from './frame.tsx';
import { isWealthTotalData } from './shapes.ts';

export interface WealthTotalWidgetProps extends WidgetInputProps {
  /** Currency symbol, default €. */
  currency?: string;
}

const isEmpty = (d: WealthTotalData) => d.parts.length === 0 && d.total === 0;
const LABEL = msg`Patrimonio totale`;

function Card({ data, name, currency }: { data: WealthTotalData; name: string; currency: string }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale === 'en' ? 'en' : 'it';
  const date = formatDate(data.date, locale);
  return (
    <section className="pt-wealth-total" aria-label={name}>
      <p className="pt-wealth-total__name">{name}</p>
      <p className="pt-wealth-total__total" part="total" data-testid="wealth-total">
        {formatMoney(data.total, currency, locale)}
      </p>
      <p className="pt-wealth-total__date">{t`al ${date}`}</p>
      {data.parts.length > 0 ? (
        <table className="pt-wealth-total__parts" part="table">
          <caption className="pt-widget__sr">{t`${name}: composizione per tipo di patrimonio`}</caption>
          <thead className="pt-widget__sr">
            <tr>
              <th scope="col">{t`Tipo`}</th>
              <th scope="col">{t`Valore`}</th>
              <th scope="col">{t`Quota`}</th>
            </tr>
          </thead>
          <tbody>
            {data.parts.map((p) => (
              <tr key={p.key} data-kind={p.key}>
                <th scope="row">{WEALTH_LABELS[p.key] ? i18n._(WEALTH_LABELS[p.key]) : p.key}</th>
                <td>{formatMoney(p.value, currency, locale)}</td>
                <td>{formatPercent(data.total === 0 ? null : (p.value / data.total) * 100, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}

export function WealthTotalWidget(props: WealthTotalWidgetProps) {
  return (
    <WidgetShell
      props={props}
      check={isWealthTotalData}
      isEmpty={isEmpty}
      label={LABEL}
      render={(data, name) => <Card data={data} name={name} currency={props.currency || '€'} />}
    />
  );
}
