// Subscribe: the plans of the subscriber's audience to choose from, then pay by card (Stripe's embedded Checkout,
// when the server has Stripe's keys) or by bank transfer (the details and the reference to quote; an administrator
// activates the subscription when the transfer arrives). Used by the subscription page, the clients table's
// "Abbona" dialog and the PRO's profile (its practice).
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Plan, SubscriptionStatus } from '@patrimonio/shared-api';
import { Button, errorCode, formatMoney, QueryState, useApiMutation, useApiQuery } from '@patrimonio/shared-ui';
import { useState } from 'react';
import { CardCheckout } from './CardCheckout.tsx';
import { FEATURE_LABELS, PERIOD_LABELS } from './labels.ts';

const checkoutError = (error: unknown) => {
  const code = errorCode(error);
  if (code === 'already_subscribed') return msg`L'abbonamento è già attivo`;
  if (code === 'card_payments_disabled') return msg`Il pagamento con carta non è attivo: paga con bonifico`;
  if (code === 'payment_provider_error')
    return msg`Impossibile contattare il servizio di pagamento. Riprova tra qualche istante.`;
  return undefined;
};

export function SubscribePanel({
  status,
  canPay = true,
}: {
  /** The client's or practice's state (its kind, id and the reference a transfer quotes). */
  status: SubscriptionStatus;
  /** false: read only (a DELEGATE on its practice). */
  canPay?: boolean;
}) {
  const { t, i18n } = useLingui();
  const audience = status.kind === 'CLIENT' ? 'CLIENT' : 'PRO';
  const plans = useApiQuery('listPlans', { query: { audience } });
  const [chosen, setChosen] = useState<number | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const clientCheckout = useApiMutation('createClientCheckout', { success: null, error: checkoutError });
  const practiceCheckout = useApiMutation('createPracticeCheckout', { success: null, error: checkoutError });
  const list = plans.data?.plans ?? [];
  const plan: Plan | undefined = list.find((p) => p.id === chosen) ?? list[0];
  const payment = plans.data?.payment;
  const name = (p: Plan) => (i18n.locale === 'en' ? p.nameEn : p.nameIt);
  const busy = clientCheckout.isPending || practiceCheckout.isPending;
  const locale = i18n.locale === 'en' ? 'en' : 'it';
  const price = plan ? formatMoney(plan.price, '€', locale) : '';
  const reference = status.transferReference;
  const bank = payment?.bankTransfer;

  const payByCard = async () => {
    if (!plan) return;
    const body = { planId: plan.id };
    const session =
      status.kind === 'CLIENT'
        ? await clientCheckout.mutateAsync({ params: { id: status.id }, body })
        : await practiceCheckout.mutateAsync({ body });
    setSecret(session.clientSecret);
  };

  if (secret && payment?.publishableKey)
    return <CardCheckout publishableKey={payment.publishableKey} clientSecret={secret} />;

  return (
    <div className="pt-stack" data-testid="subscribe-panel">
      <QueryState
        loading={plans.isPending}
        error={plans.error}
        onRetry={() => void plans.refetch()}
        isEmpty={list.length === 0}
        empty={<p className="pt-muted">{t`Nessun piano disponibile al momento.`}</p>}
      >
        <fieldset className="pt-subscription__plans">
          <legend className="pt-ov-legend">
            <Trans>Scegli il piano</Trans>
          </legend>
          {list.map((p) => (
            <label key={p.id} className="pt-subscription__plan" data-testid={`plan-${p.code}`}>
              <input
                type="radio"
                name={`plan-${status.kind}-${status.id}`}
                checked={plan?.id === p.id}
                onChange={() => setChosen(p.id)}
              />
              <span>
                <strong>{name(p)}</strong> · {formatMoney(p.price, '€', locale)} {i18n._(PERIOD_LABELS[p.period])}
                <span className="pt-muted"> — {p.features.map((f) => i18n._(FEATURE_LABELS[f])).join(', ')}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {plan && payment && bank ? (
          <>
            {payment.card && canPay ? (
              <div>
                <Button variant="primary" onClick={() => void payByCard().catch(() => undefined)} disabled={busy}>
                  <Trans>Paga con carta</Trans>
                </Button>
              </div>
            ) : null}
            <div className="pt-notice pt-notice--info" data-testid="bank-transfer">
              <p>
                <strong>
                  <Trans>Bonifico bancario</Trans>
                </strong>
              </p>
              <p>
                <Trans>
                  Importo: {price}. Causale da indicare: <strong data-testid="transfer-reference">{reference}</strong>.
                </Trans>
              </p>
              {bank.iban ? (
                <p data-testid="bank-details">
                  {[`IBAN ${bank.iban}`, bank.beneficiary, bank.bic ? `BIC ${bank.bic}` : null]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              ) : null}
              <p className="pt-muted">
                <Trans>Un amministratore attiva l'abbonamento quando riceve il bonifico.</Trans>
              </p>
            </div>
          </>
        ) : null}
      </QueryState>
    </div>
  );
}
