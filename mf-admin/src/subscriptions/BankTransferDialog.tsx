// Record a bank transfer received (POST /subscriptions/bank-transfer; ADMIN): the plan of the subscriber's audience,
// the day it was paid, the reference it quoted and the amount. The subscription is active for one period from that
// day; the server refuses a date after today or a period already over, and a subscriber already subscribed (409).
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Subscriber } from '@patrimonio/shared-api';
import {
  CurrencyInput,
  DatePicker,
  errorCode,
  FormDialog,
  Select,
  TextInput,
  todayIso,
  useApiMutation,
  useApiQuery,
} from '@patrimonio/shared-ui';
import { useState } from 'react';

const transferError = (error: unknown) => {
  if (errorCode(error) === 'already_subscribed') return msg`L'abbonamento è già attivo`;
  return undefined;
};

export function BankTransferDialog({ subscriber, onClose }: { subscriber: Subscriber; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const audience = subscriber.kind === 'CLIENT' ? 'CLIENT' : 'PRO';
  const plans = useApiQuery('listPlans', { query: { audience } });
  const [planId, setPlanId] = useState('');
  const [paidOn, setPaidOn] = useState<string | null>(todayIso());
  const [reference, setReference] = useState(subscriber.transferReference);
  const [amount, setAmount] = useState<number | null>(null);
  const record = useApiMutation('recordBankTransfer', {
    success: msg`Bonifico registrato: abbonamento attivo`,
    error: transferError,
    invalidate: ['listSubscribers', 'listClients', 'getClientSubscription'],
  });
  const list = plans.data?.plans ?? [];
  const plan = list.find((p) => String(p.id) === planId);
  const name = subscriber.name;

  return (
    <FormDialog
      open
      onClose={onClose}
      title={t`Registra bonifico: ${name}`}
      data-testid="bank-transfer-dialog"
      busy={record.isPending}
      submitLabel={<Trans>Attiva abbonamento</Trans>}
      submitTestId="bank-transfer-save"
      onSubmit={() => {
        if (!plan || !paidOn || amount === null || !reference.trim()) return;
        const who = subscriber.kind === 'CLIENT' ? { clientId: subscriber.id } : { proId: subscriber.id };
        void record
          .mutateAsync({ body: { ...who, planId: plan.id, paidOn, reference: reference.trim(), amount } })
          .then(onClose)
          .catch(() => undefined);
      }}
    >
      <Select
        label={<Trans>Piano</Trans>}
        name="planId"
        required
        data-testid="transfer-plan"
        placeholder={t`Scegli il piano`}
        value={planId}
        options={list.map((p) => ({
          value: String(p.id),
          label: `${i18n.locale === 'en' ? p.nameEn : p.nameIt} (${p.price.toFixed(2)} €)`,
        }))}
        onChange={(v) => {
          setPlanId(v);
          const chosen = list.find((p) => String(p.id) === v);
          if (chosen && amount === null) setAmount(chosen.price);
        }}
      />
      <DatePicker
        label={<Trans>Data del bonifico</Trans>}
        name="paidOn"
        required
        data-testid="transfer-date"
        value={paidOn}
        max={todayIso()}
        quickYears={false}
        onChange={setPaidOn}
      />
      <TextInput
        label={<Trans>Causale</Trans>}
        name="reference"
        required
        maxLength={140}
        data-testid="transfer-reference"
        value={reference}
        onChange={setReference}
      />
      <CurrencyInput
        label={<Trans>Importo ricevuto</Trans>}
        name="amount"
        required
        data-testid="transfer-amount"
        value={amount}
        onChange={setAmount}
      />
    </FormDialog>
  );
}
