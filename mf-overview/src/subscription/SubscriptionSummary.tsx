// A client's or practice's subscription as it stands: its state, the plan and paid period, the days left in the trial
// or that the trial ended, and the payments so far.
import { Trans, useLingui } from '@lingui/react/macro';
import type { SubscriptionStatus } from '@patrimonio/shared-api';
import { formatDate, formatMoney, Notice } from '@patrimonio/shared-ui';
import { STATE_LABELS } from './labels.ts';

export function SubscriptionSummary({ status }: { status: SubscriptionStatus }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale === 'en' ? 'en' : 'it';
  const days = status.trialDaysLeft;
  const until = formatDate(status.trialUntil, locale);
  const periodEnd = formatDate(status.periodEnd, locale);
  const payments = status.history.filter((h) => h.status !== 'PENDING');
  return (
    <div className="pt-stack" data-testid="subscription-summary" data-state={status.state}>
      <p>
        <Trans>Stato</Trans>: <strong data-testid="subscription-state">{i18n._(STATE_LABELS[status.state])}</strong>
        {status.plan ? ` · ${locale === 'en' ? status.plan.nameEn : status.plan.nameIt}` : ''}
        {status.periodEnd ? ` · ${t`fino al ${periodEnd}`}` : ''}
      </p>
      {status.state === 'TRIAL' ? (
        <Notice tone="info" data-testid="trial-days">
          {days === 1 ? (
            <Trans>Ultimo giorno di prova (fino al {until}).</Trans>
          ) : (
            <Trans>
              Ancora {days} giorni di prova (fino al {until}).
            </Trans>
          )}
        </Notice>
      ) : null}
      {status.trialEnded ? (
        <Notice tone="warning" data-testid="trial-ended">
          <Trans>La prova gratuita è terminata il {until}: abbonati per continuare.</Trans>
        </Notice>
      ) : null}
      {payments.length > 0 ? (
        <table className="pt-table pt-table--compact">
          <caption className="pt-sr-only">{t`Pagamenti`}</caption>
          <thead>
            <tr>
              <th scope="col">{t`Piano`}</th>
              <th scope="col">{t`Metodo`}</th>
              <th scope="col">{t`Periodo`}</th>
              <th scope="col">{t`Importo`}</th>
            </tr>
          </thead>
          <tbody>
            {payments.map((h) => (
              <tr key={h.id}>
                <td>{h.planCode}</td>
                <td>{h.method === 'CARD' ? t`Carta` : `${t`Bonifico`} ${h.transferReference ?? ''}`}</td>
                <td>
                  {formatDate(h.periodStart, locale)} – {formatDate(h.periodEnd, locale)}
                </td>
                <td>{h.amount === null ? '–' : formatMoney(h.amount, '€', locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
