// Add or edit an external server (POST /external-server, PUT /external-server/{id}; ADMIN): a local drop folder or
// an SFTP server (host, port 22 by default, user, password or private key), the folder, the file pattern, the
// schedule (a preset or a five-field cron, explained in words) and whether it is enabled. Secrets are write-only: the
// browser never gets them back; empty keeps the stored one, "remove" deletes it.

import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ExternalServer } from '@patrimonio/shared-api';
import { SERVER_PROTOCOLS } from '@patrimonio/shared-api/constants';
import {
  bindField,
  labelOptions,
  Select,
  TextArea,
  TextInput,
  useContractForm,
  useFieldErrors,
} from '@patrimonio/shared-ui';
import { contract } from '@patrimonio/shared-ui/contract';
import { type ReactNode, useState } from 'react';
import { CheckField } from '../common/CheckField.tsx';
import { PROTOCOL_LABELS, TOASTS } from '../common/labels.ts';
import {
  CUSTOM_SCHEDULE,
  describeSchedule,
  SCHEDULE_PRESETS,
  type StoredSecrets,
  scheduleChoice,
  serverBody,
  serverFormOf,
  serverRefine,
} from '../common/logic.ts';
import { fieldSetter, NameInput, SaveDialog, useRecordSave } from '../common/SaveDialog.tsx';

const ERRORS = {
  secret: msg`Serve una password o una chiave privata`,
  cron: msg`Espressione cron non valida: cinque campi (minuto, ora, giorno del mese, mese, giorno della settimana)`,
};

export function ServerDialog(props: { open: boolean; server: ExternalServer | null; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const fieldError = useFieldErrors(ERRORS);
  const { server, open } = props;
  const stored: StoredSecrets = server
    ? { hasPassword: server.hasPassword, hasPrivateKey: server.hasPrivateKey }
    : null;
  // "Custom" chosen with a preset's cron still in the box: the choice stays on custom until another is chosen.
  const [custom, setCustom] = useState(false);
  const [openedFor, setOpenedFor] = useState<number | 'new' | null>(null);
  const key = open ? (server?.id ?? 'new') : null;
  if (key !== openedFor) {
    setOpenedFor(key);
    setCustom(false);
  }

  const form = useContractForm(contract.createServer.body, {
    open,
    defaults: serverFormOf(server),
    toBody: (v) => serverBody(v, stored),
    refine: (body) => serverRefine(body, stored),
  });
  const values = form.watch();
  const set = fieldSetter(form);
  const save = useRecordSave('createServer', 'updateServer', server?.id ?? null, {
    added: TOASTS.serverAdded,
    edited: TOASTS.serverEdited,
    invalidate: ['listServers', 'serverNames', 'getServer'],
  });
  /** "Remove the stored secret": the secret's box is emptied, and disabled while it is ticked. */
  const removeStored = (secret: 'password' | 'privateKey', label: ReactNode, testId: string) => {
    const remove = secret === 'password' ? 'removePassword' : 'removePrivateKey';
    return (
      <CheckField
        label={label}
        name={remove}
        data-testid={testId}
        checked={values[remove]}
        onChange={(checked) => {
          set(remove, checked);
          if (checked) set(secret, '');
        }}
      />
    );
  };

  const sftp = values.protocol === 'SFTP';
  const choice = custom ? CUSTOM_SCHEDULE : scheduleChoice(values.schedule);
  const explained = describeSchedule(values.schedule, i18n.locale);
  const scheduleHint = !values.schedule.trim() ? (
    <Trans>Nessun recupero pianificato: i file arrivano solo con «Recupera ora».</Trans>
  ) : explained ? (
    <span data-testid="server-schedule-text">
      <Trans>Quando: {explained}</Trans>
    </span>
  ) : (
    <Trans>Non è un'espressione cron valida di cinque campi.</Trans>
  );
  const keepHint = <Trans>Lascia vuoto per mantenere quella salvata.</Trans>;

  return (
    <SaveDialog
      form={form}
      save={save}
      open={open}
      onClose={props.onClose}
      title={server ? <Trans>Modifica il server</Trans> : <Trans>Nuovo server</Trans>}
      submitTestId="server-submit"
      wide
      data-testid="server-dialog"
    >
      <div className="pt-form__row">
        <NameInput data-testid="server-name" {...bindField(form, 'name', fieldError)} />
        <Select
          label={<Trans>Protocollo</Trans>}
          required
          name="protocol"
          data-testid="server-protocol"
          {...bindField(form, 'protocol', fieldError)}
          options={labelOptions(PROTOCOL_LABELS, (m) => i18n._(m), SERVER_PROTOCOLS)}
        />
      </div>
      {sftp ? (
        <fieldset className="pt-fieldset" data-testid="server-sftp">
          <legend>
            <Trans>Connessione SFTP</Trans>
          </legend>
          <div className="pt-form">
            <div className="pt-form__row">
              <TextInput
                label={<Trans>Host</Trans>}
                required
                name="host"
                maxLength={255}
                autoComplete="off"
                data-testid="server-host"
                {...bindField(form, 'host', fieldError)}
              />
              <TextInput
                label={<Trans>Porta</Trans>}
                required
                name="port"
                inputMode="numeric"
                maxLength={5}
                hint={<Trans>Di solito 22</Trans>}
                data-testid="server-port"
                {...bindField(form, 'port', fieldError)}
              />
              <TextInput
                label={<Trans>Utente</Trans>}
                required
                name="username"
                maxLength={100}
                autoComplete="off"
                data-testid="server-username"
                {...bindField(form, 'username', fieldError)}
              />
            </div>
            <p className="ad-note">
              <Trans>
                Serve una password o una chiave privata. Non vengono mai mostrate: sono conservate cifrate e si possono
                solo sostituire o rimuovere.
              </Trans>
            </p>
            <TextInput
              label={<Trans>Password</Trans>}
              type="password"
              name="password"
              autoComplete="new-password"
              maxLength={500}
              disabled={values.removePassword}
              hint={stored?.hasPassword ? keepHint : null}
              data-testid="server-password"
              {...bindField(form, 'password', fieldError)}
            />
            {stored?.hasPassword
              ? removeStored('password', <Trans>Rimuovi la password salvata</Trans>, 'server-remove-password')
              : null}
            <TextArea
              label={<Trans>Chiave privata</Trans>}
              name="privateKey"
              rows={4}
              maxLength={20000}
              disabled={values.removePrivateKey}
              placeholder={t`-----BEGIN OPENSSH PRIVATE KEY-----`}
              hint={stored?.hasPrivateKey ? keepHint : <Trans>In formato PEM o OpenSSH.</Trans>}
              data-testid="server-private-key"
              {...bindField(form, 'privateKey', fieldError)}
            />
            {stored?.hasPrivateKey
              ? removeStored(
                  'privateKey',
                  <Trans>Rimuovi la chiave privata salvata</Trans>,
                  'server-remove-private-key',
                )
              : null}
          </div>
        </fieldset>
      ) : null}
      <div className="pt-form__row">
        <TextInput
          label={<Trans>Cartella</Trans>}
          required
          name="folder"
          maxLength={500}
          hint={
            sftp ? (
              <Trans>Sul server: assoluta, o a partire dalla cartella di accesso.</Trans>
            ) : (
              <Trans>Dentro la cartella di deposito locale (DATA_DIR/drop).</Trans>
            )
          }
          data-testid="server-folder"
          {...bindField(form, 'folder', fieldError)}
        />
        <TextInput
          label={<Trans>Modello dei nomi dei file</Trans>}
          required
          name="filePattern"
          maxLength={200}
          hint={<Trans>* qualsiasi sequenza di caratteri, ? un carattere (es. *.cbi)</Trans>}
          data-testid="server-pattern"
          {...bindField(form, 'filePattern', fieldError)}
        />
      </div>
      <div className="pt-form__row">
        <Select
          label={<Trans>Pianificazione</Trans>}
          name="scheduleChoice"
          data-testid="server-schedule-choice"
          value={choice}
          options={[
            { value: '', label: t`Solo su richiesta` },
            ...SCHEDULE_PRESETS.map((p) => ({ value: p.cron, label: i18n._(p.label) })),
            { value: CUSTOM_SCHEDULE, label: t`Personalizzata (cron)` },
          ]}
          onChange={(v) => {
            if (v === CUSTOM_SCHEDULE) {
              setCustom(true);
              return;
            }
            setCustom(false);
            set('schedule', v);
          }}
        />
        <TextInput
          label={<Trans>Espressione cron</Trans>}
          name="schedule"
          maxLength={100}
          autoComplete="off"
          placeholder={t`minuto ora giorno mese giorno-della-settimana`}
          hint={scheduleHint}
          data-testid="server-schedule"
          {...bindField(form, 'schedule', fieldError)}
        />
      </div>
      <CheckField
        label={<Trans>Attivo: recupera i file secondo la pianificazione</Trans>}
        name="enabled"
        data-testid="server-enabled"
        checked={values.enabled}
        onChange={(checked) => set('enabled', checked)}
      />
    </SaveDialog>
  );
}
