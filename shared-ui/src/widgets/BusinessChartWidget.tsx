// The React side of <pt-business-chart>: revenue, profit and EBITDA bars per family company, the year in the title.
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { BusinessChartData } from '@patrimonio/shared-api';
import { useMemo } from 'react';
import { BarChart } from '../charts/BarChart.tsx';
import { useThemeColors, type WidgetInputProps, WidgetShell } from './frame.tsx';
import { isBusinessChartData } from './shapes.ts';

export interface BusinessChartWidgetProps extends WidgetInputProps {
  /** Currency symbol, default €. */
  currency?: string;
  height?: number;
}

const isEmpty = (d: BusinessChartData) => d.companies.length === 0;
const LABEL = msg`Fatturato, utile ed EBITDA`;

interface BarsProps {
  data: BusinessChartData;
  name: string;
  host: HTMLElement | null;
  currency: string;
  height: number | undefined;
}

function Bars({ data, name, host, currency, height }: BarsProps) {
  const { t } = useLingui();
  const colors = useThemeColors(host);
  const categories = useMemo(() => data.companies.map((c) => c.label), [data]);
  const series = useMemo(
    () => [
      { name: t`Fatturato`, data: data.companies.map((c) => c.revenue) },
      { name: t`Utile`, data: data.companies.map((c) => c.profit) },
      { name: t`EBITDA`, data: data.companies.map((c) => c.ebitda) },
    ],
    [data, t],
  );
  const year = data.year;
  return (
    <BarChart
      categories={categories}
      series={series}
      format="money"
      label={year === null ? name : `${name} ${year}`}
      colors={colors.palette}
      currencySymbol={currency}
      height={height}
    />
  );
}

export function BusinessChartWidget(props: BusinessChartWidgetProps) {
  return (
    <WidgetShell
      props={props}
      check={isBusinessChartData}
      isEmpty={isEmpty}
      label={LABEL}
      render={(data, name, host) => (
        <Bars
          data={data}
          name={name}
          host={host}
          currency={props.currency || '€'}
          height={props.height && props.height > 0 ? props.height : undefined}
        />
      )}
    />
  );
}
