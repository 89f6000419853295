// Import movements into an account (POST /movement/upload): the account among those of the account menu's query,
// optionally the offset (cash) account of the trades (another account of the same client), and the file in the
// template of docs/import, through the upload dialog (rejected rows listed, nothing stored). Shared by mf-financial
// (the accounts of the page's portfolio, client or family) and the middle office (the accounts of the client chosen
// in the dialog, a field the caller adds above the account as children).
import { Trans, useLingui } from '@lingui/react/macro';
import type { RequestOf } from '@patrimonio/shared-api';
import { type ReactNode, useEffect, useState } from 'react';
import { useApiQuery } from '../data/query.ts';
import { Select } from '../forms/TextInputs.tsx';
import { useFieldErrors } from '../page/fields.ts';
import { FileUploadDialog, type FileUploadDialogProps } from './FileUploadDialog.tsx';
import { MOVEMENT_SAMPLE_CSV, MOVEMENT_TEMPLATE_CSV, MOVEMENT_TEMPLATE_XLSX } from './templates.ts';

export type AccountMenuRequest = RequestOf<'accountMenu'>['query'];

export interface MovementUploadDialogProps {
  open: boolean;
  onClose: () => void;
  /** Whose accounts are offered (the account menu's query); null while nobody is chosen: no call, no accounts. */
  accounts: AccountMenuRequest | null;
  /** Each account also names its owner (a family's accounts). */
  showOwner?: boolean;
  /** The account chosen when the dialog opens (and when `accounts` changes). */
  defaultAccountId?: number | null;
  success: FileUploadDialogProps['success'];
  onSuccess: () => void;
  /** Fields above the account (the middle office's client). */
  children?: ReactNode;
  /** Marks the caller's own fields after a submit with missing values. */
  onIncomplete?: () => void;
}

/** The multipart fields of the import, or null while no account is chosen. */
function movementUploadFields(
  accountId: string,
  offsetAccountId: string,
): { accountId: string; offsetAccountId: string | null } | null {
  return accountId ? { accountId, offsetAccountId: offsetAccountId || null } : null;
}

export function MovementUploadDialog(props: MovementUploadDialogProps) {
  const { t } = useLingui();
  const fieldError = useFieldErrors();
  const [accountId, setAccountId] = useState('');
  const [offsetAccountId, setOffsetAccountId] = useState('');
  const [accountError, setAccountError] = useState<'required' | null>(null);
  const request = props.accounts ?? {};
  const accounts = useApiQuery('accountMenu', { query: request }, { enabled: props.open && props.accounts !== null });
  const whose = JSON.stringify(props.accounts);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening, and each other owner, starts afresh.
  useEffect(() => {
    if (!props.open) return;
    setAccountId(props.defaultAccountId ? String(props.defaultAccountId) : '');
    setOffsetAccountId('');
    setAccountError(null);
  }, [props.open, props.defaultAccountId, whose]);

  const list = props.accounts ? (accounts.data ?? []) : [];
  const options = list.map((a) => ({
    value: String(a.id),
    label: `${a.name} · ${a.intermediary}${props.showOwner ? ` · ${a.user}` : ''}`,
  }));
  const account = list.find((a) => String(a.id) === accountId);
  const offsetOptions = options.filter(
    (o) => o.value !== accountId && list.find((a) => String(a.id) === o.value)?.clientId === account?.clientId,
  );
  const none = props.accounts !== null && accounts.isSuccess && options.length === 0;

  return (
    <FileUploadDialog
      open={props.open}
      onClose={props.onClose}
      title={<Trans>Importa movimenti</Trans>}
      route="uploadMovements"
      fields={movementUploadFields(accountId, offsetAccountId)}
      onIncomplete={() => {
        setAccountError('required');
        props.onIncomplete?.();
      }}
      success={props.success}
      onSuccess={props.onSuccess}
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
      {props.children}
      <Select
        label={<Trans>Conto</Trans>}
        required
        name="accountId"
        data-testid="upload-account"
        placeholder={t`Scegli il conto`}
        hint={none ? <Trans>Nessun conto da scegliere</Trans> : undefined}
        error={fieldError(accountError)}
        disabled={props.accounts === null}
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
