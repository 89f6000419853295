// The value line of the overview: the daily total wealth (GET /assets-history/total).
import { Trans, useLingui } from '@lingui/react/macro';
import { ErrorState, LineChart, Skeleton } from '@patrimonio/shared-ui';
import type { HistoryPoint } from './model.ts';

export function ValueLine(props: { loading: boolean; error: boolean; onRetry: () => void; points: HistoryPoint[] }) {
  const { t } = useLingui();
  if (props.loading)
    return (
      <div role="status" aria-label={t`Caricamento dell'andamento`}>
        <Skeleton height={260} />
      </div>
    );
  if (props.error)
    return (
      <ErrorState onRetry={props.onRetry}>
        <Trans>Impossibile caricare l'andamento del patrimonio.</Trans>
      </ErrorState>
    );
  if (!props.points.length)
    return (
      <p className="pt-muted">
        <Trans>Non ci sono ancora valori storici.</Trans>
      </p>
    );
  return (
    <LineChart
      label={t`Andamento del patrimonio`}
      format="money"
      series={[{ name: t`Patrimonio totale`, points: props.points, aggregate: true }]}
      height={300}
    />
  );
}
