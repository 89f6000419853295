// A client's details, read-only; advisers can edit them (the add-client dialog in edit mode).
import { Trans, useLingui } from '@lingui/react/macro';
import { type Client, DASH, Section } from '@patrimonio/shared-ui';
import { useState } from 'react';
import { ClientDialog } from '../clients/ClientDialog.tsx';
import { clientStatus } from '../clients/model.ts';
import { STATUS_LABELS } from '../labels.ts';

export function ClientDetails({ client, editable }: { client: Client; editable: boolean }) {
  const { t, i18n } = useLingui();
  const [editing, setEditing] = useState(false);
  const rows: Array<[string, string | null, string]> = client.company
    ? [
        [t`Tipo di cliente`, client.demoUser ? t`Utente demo` : t`Società`, 'kind'],
        [t`Ragione sociale`, client.companyName, 'companyName'],
        [t`Partita IVA`, client.vat, 'vat'],
        [t`Identificativo Atoka`, client.atokaId, 'atokaId'],
      ]
    : [
        [t`Tipo di cliente`, client.demoUser ? t`Utente demo` : t`Persona fisica`, 'kind'],
        [t`Nome`, client.firstName, 'firstName'],
        [t`Cognome`, client.lastName, 'lastName'],
        [t`Codice fiscale`, client.taxCode, 'taxCode'],
      ];
  rows.push(
    [t`Email`, client.email, 'email'],
    [t`Cellulare`, [client.prefix, client.mobile].filter(Boolean).join(' ') || null, 'mobile'],
    [t`Valuta`, client.currencySymbol, 'currency'],
    [t`Stato`, i18n._(STATUS_LABELS[clientStatus(client)]), 'status'],
  );
  return (
    <Section
      titleId="pt-ov-details-title"
      title={<Trans>Dati anagrafici</Trans>}
      data-testid="client-details"
      actions={
        editable ? (
          <button
            type="button"
            className="pt-btn pt-btn--secondary"
            onClick={() => setEditing(true)}
            data-testid="edit-client"
          >
            <Trans>Modifica</Trans>
          </button>
        ) : null
      }
    >
      <dl className="pt-ov-details">
        {rows.map(([label, value, key]) => (
          <div key={key} className="pt-ov-details__row" data-field={key}>
            <dt>{label}</dt>
            <dd>{value || DASH}</dd>
          </div>
        ))}
      </dl>
      {editing ? <ClientDialog client={client} onClose={() => setEditing(false)} /> : null}
    </Section>
  );
}
