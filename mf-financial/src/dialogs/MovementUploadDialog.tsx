// Import movements into an account (POST /movement/upload): the account, optionally the offset (cash) account of
// the trades, and the file in the template of docs/import. Rejected rows are listed and nothing is refreshed;
// success refreshes the movements and the reports.
import { Trans, useLingui } from '@lingui/react/macro';
import { FileUploadDialog, type OwnerScope, queryClient, Select, useApiQuery } from '@patrimonio/shared-ui';
import { useEffect, useState } from 'react';
import { TOASTS } from '../common/labels.ts';
import { FINANCIAL_DATA_ROUTES } from '../common/routes.ts';
import { MOVEMENT_SAMPLE_CSV, MOVEMENT_TEMPLATE_CSV, MOVEMENT_TEMPLATE_XLSX } from '../common/templates.ts';
import { type FieldError, useFinancialFieldErrors } from '../common/ui.tsx';

export function MovementUploadDialog(props: {
  open: boolean;
  onClose: () => void;
  scope: OwnerScope;
  defaultAccountId?: number | null;
}) {
  const { t } = useLingui();
  const fieldError = useFinancialFieldErrors();
  const [accountId, setAccountId] = useState('');
  const [offsetAccountId, setOffsetAccountId] = useState('');
  const [accountError, setAccountError] = useState<FieldError>(null);
  const accounts = useApiQuery('accountMenu', { query: props.scope.query }, { enabled: props.open });

  useEffect(() => {
    if (!props.open) return;
    setAccountId(props.defaultAccountId ? String(props.defaultAccountId) : '');
    setOffsetAccountId('');
    setAccountError(null);
  }, [props.open, props.defaultAccountId]);

  const family = props.scope.isFamily;
  const options = (accounts.data ?? []).map((a) => ({
    value: String(a.id),
    label: `${a.name} · ${a.intermediary}${family ? ` · ${a.user}` : ''}`,
  }));
  const account = accounts.data?.find((a) => String(a.id) === accountId);
  const offsetOptions = options.filter(
    (o) =>
      o.value !== accountId && accounts.data?.find((a) => String(a.id) === o.value)?.clientId === account?.clientId,
  );

  return (
    <FileUploadDialog
      open={props.open}
      onClose={props.onClose}
      title={<Trans>Importa movimenti</Trans>}
      route="uploadMovements"
      fields={accountId ? { accountId, offsetAccountId: offsetAccountId || null } : null}
      onIncomplete={() => setAccountError('required')}
      success={TOASTS.movementsImported}
      onSuccess={() =>
        void Promise.all(FINANCIAL_DATA_ROUTES.map((n) => queryClient.invalidateQueries({ queryKey: [n] })))
      }
      data-testid="movement-upload-dialog"
      help={
        <p>
          <Trans>
            Usa il modello: una riga per movimento con le colonne date, cause, subcause, isin, quantity, price, amount,
            currency, description.
          </Trans>{' '}
          <a href={MOVEMENT_TEMPLATE_CSV} download="movement-template.csv" data-testid="template-csv">
            <Trans>Modello CSV</Trans>
          </a>
          {' · '}
          <a href={MOVEMENT_TEMPLATE_XLSX} download="movement-template.xlsx">
            <Trans>Modello XLSX</Trans>
          </a>
          {' · '}
          <a href={MOVEMENT_SAMPLE_CSV} download="movement-sample.csv">
            <Trans>File di esempio</Trans>
          </a>
        </p>
      }
    >
      <Select
        label={<Trans>Conto</Trans>}
        required
        name="accountId"
        data-testid="upload-account"
        placeholder={t`Scegli il conto`}
        error={fieldError(accountError)}
        value={accountId}
        options={options}
        onChange={(v) => {
          setAccountId(v);
          setAccountError(null);
          if (v === offsetAccountId) setOffsetAccountId('');
        }}
      />
      <Select
        label={<Trans>Conto di regolamento (facoltativo)</Trans>}
        hint={<Trans>Il conto della liquidità di acquisti e vendite, se diverso.</Trans>}
        name="offsetAccountId"
        data-testid="upload-offset-account"
        placeholder={t`Nessuno`}
        disabled={!accountId}
        value={offsetAccountId}
        options={offsetOptions}
        onChange={setOffsetAccountId}
      />
    </FileUploadDialog>
  );
}
