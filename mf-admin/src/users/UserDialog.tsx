// Create a user (POST /users) or edit one (PUT /users/{id}); ADMIN. The role comes first, since it decides the rest:
// a BASIC user is one client (picked among the clients), a DELEGATE works for one PRO (picked among the PRO users)
// with the permissions APPROVE_MOVEMENT and MANAGE_CONTROL; the others have no link. A new user gets a one-time
// password link at its address at once. On edit the login and role stay; "Attivo" off deactivates it. The 409 codes
// (login_taken, client_already_registered, self) are said in words above the fields.
import { Trans, useLingui } from '@lingui/react/macro';
import type { AdminUser, Permission, UserCreate, UserUpdate } from '@patrimonio/shared-api';
import { LOGIN_MAX_LENGTH, USERS_PAGE_SIZE } from '@patrimonio/shared-api/constants';
import {
  EmailInput,
  errorCode,
  labelOptions,
  ROLE_LABELS,
  SearchSelect,
  Select,
  TextInput,
  useApiMutation,
  useApiQuery,
  useContractForm,
  useFieldErrors,
} from '@patrimonio/shared-ui';
import { contract } from '@patrimonio/shared-ui/contract';
import type { Path, PathValue, UseFormReturn } from 'react-hook-form';
import {
  createUserBody,
  needsClient,
  needsPro,
  type UserForm,
  updateUserBody,
  userFormOf,
  userRefine,
} from '../common/admin-logic.ts';
import { CheckField } from '../common/CheckField.tsx';
import { PERMISSION_KEYS, PERMISSION_LABELS, ROLE_KEYS, USER_ERROR_MESSAGES, USER_TOASTS } from '../common/labels.ts';
import { fieldSetter, type Save, SaveDialog, type SaveForm } from '../common/SaveDialog.tsx';

/** A user's save: no loading toast, the answers it changes refetched; a refusal is said in the dialog. */
const SAVE_OPTIONS = { quiet: true, error: () => undefined, invalidate: ['listUsers', 'getUser'] } as const;

type Form = UseFormReturn<UserForm> & { codeOf: (name: Path<UserForm>) => string | undefined };

/** The user form's options, the same for a new user and an edited one but for the body. */
const formOptions = (open: boolean, user: AdminUser | null) => ({
  open,
  defaults: userFormOf(user),
  refine: userRefine,
});

export function UserDialog(props: { open: boolean; user: AdminUser | null; onClose: () => void }) {
  return props.user ? <EditUser {...props} user={props.user} /> : <CreateUser {...props} />;
}

function CreateUser(props: { open: boolean; onClose: () => void }) {
  const form = useContractForm(contract.createUser.body, { ...formOptions(props.open, null), toBody: createUserBody });
  const create = useApiMutation('createUser', { ...SAVE_OPTIONS, success: USER_TOASTS.created });
  const save = { send: (body: UserCreate) => create.mutateAsync({ body }), busy: create.isPending };
  return <UserFormDialog {...props} form={form} save={save} user={null} />;
}

function EditUser(props: { open: boolean; user: AdminUser; onClose: () => void }) {
  const form = useContractForm(contract.updateUser.body, {
    ...formOptions(props.open, props.user),
    toBody: updateUserBody,
  });
  const update = useApiMutation('updateUser', { ...SAVE_OPTIONS, success: USER_TOASTS.edited });
  const id = props.user.id;
  const save = { send: (body: UserUpdate) => update.mutateAsync({ params: { id }, body }), busy: update.isPending };
  return <UserFormDialog {...props} form={form} save={save} />;
}

function UserFormDialog<B>(props: {
  open: boolean;
  onClose: () => void;
  form: Form & SaveForm<B>;
  save: Save<B>;
  user: AdminUser | null;
}) {
  const { t, i18n } = useLingui();
  const fieldError = useFieldErrors();
  const { form, user, open } = props;
  const values = form.watch();
  const role = values.role;

  const clients = useApiQuery(
    'listClients',
    { query: { size: 10000, sort: 'name,asc' } },
    { enabled: open && needsClient(role) },
  );
  const pros = useApiQuery(
    'listUsers',
    { query: { role: 'PRO', size: USERS_PAGE_SIZE } },
    { enabled: open && needsPro(role) },
  );

  const set = fieldSetter(form);
  const bind = <N extends 'login' | 'name' | 'email' | 'clientId' | 'proId'>(name: N) => ({
    value: values[name],
    onChange: (v: string) => set(name, v as PathValue<UserForm, N>),
    error: fieldError(form.codeOf(name)),
  });
  const togglePermission = (p: Permission, on: boolean) =>
    set('permissions', on ? [...values.permissions, p] : values.permissions.filter((x) => x !== p));

  /** The 409 codes in words (login_taken, client_already_registered, self). */
  const refusal = (e: unknown) => {
    const code = errorCode(e);
    const known = code ? USER_ERROR_MESSAGES[code] : undefined;
    return known ? <span data-testid="user-error">{i18n._(known)}</span> : undefined;
  };

  const clientOptions = (clients.data?.item ?? []).map((c) => ({
    value: String(c.id),
    label: c.name ?? ([c.lastName, c.firstName].filter(Boolean).join(' ') || c.companyName || String(c.id)),
  }));
  const proOptions = (pros.data?.item ?? []).map((p) => ({ value: String(p.id), label: `${p.name} (${p.login})` }));

  return (
    <SaveDialog
      form={form}
      save={props.save}
      open={open}
      onClose={props.onClose}
      refusal={refusal}
      title={user ? <Trans>Modifica l'utente {user.login}</Trans> : <Trans>Nuovo utente</Trans>}
      submitLabel={user ? undefined : <Trans>Crea e invia il link</Trans>}
      submitTestId="user-submit"
      wide
      data-testid="user-dialog"
    >
      {user ? null : (
        <Select
          label={<Trans>Ruolo</Trans>}
          required
          name="role"
          placeholder={t`Scegli il ruolo`}
          data-testid="user-role"
          value={role}
          error={fieldError(form.codeOf('role'))}
          options={labelOptions(ROLE_LABELS, (m) => i18n._(m), ROLE_KEYS)}
          onChange={(v) => set('role', v as UserForm['role'])}
        />
      )}
      <div className="pt-form__row">
        {user ? null : (
          <TextInput
            label={<Trans>Login</Trans>}
            required
            name="login"
            maxLength={LOGIN_MAX_LENGTH}
            autoComplete="off"
            hint={<Trans>Lettere, cifre e . _ @ + - (anche un indirizzo email)</Trans>}
            data-testid="user-login"
            {...bind('login')}
          />
        )}
        <TextInput
          label={<Trans>Nome</Trans>}
          required
          name="name"
          maxLength={200}
          data-testid="user-name"
          {...bind('name')}
        />
        <EmailInput
          label={<Trans>Email</Trans>}
          required={!user}
          name="email"
          hint={user ? null : <Trans>Riceve subito il link per scegliere la password</Trans>}
          data-testid="user-email"
          {...bind('email')}
        />
      </div>
      {needsClient(role) ? (
        <SearchSelect
          label={<Trans>Cliente</Trans>}
          searchLabel={<Trans>Cerca il cliente</Trans>}
          required
          name="clientId"
          placeholder={clients.isLoading ? t`Caricamento…` : t`Scegli il cliente`}
          data-testid="user-client"
          searchTestId="user-client-search"
          options={clientOptions}
          {...bind('clientId')}
        />
      ) : null}
      {needsPro(role) ? (
        <>
          <Select
            label={<Trans>Consulente</Trans>}
            required
            name="proId"
            placeholder={pros.isLoading ? t`Caricamento…` : t`Scegli il consulente`}
            hint={<Trans>Il consulente per cui il delegato lavora</Trans>}
            data-testid="user-pro"
            options={proOptions}
            {...bind('proId')}
          />
          <fieldset className="pt-fieldset">
            <legend>
              <Trans>Permessi del delegato</Trans>
            </legend>
            {PERMISSION_KEYS.map((p) => (
              <CheckField
                key={p}
                name="permissions"
                label={i18n._(PERMISSION_LABELS[p])}
                checked={values.permissions.includes(p)}
                data-testid={`user-permission-${p}`}
                onChange={(on) => togglePermission(p, on)}
              />
            ))}
          </fieldset>
        </>
      ) : null}
      {user ? (
        <CheckField
          name="active"
          label={<Trans>Attivo: può accedere</Trans>}
          checked={values.active}
          data-testid="user-active"
          onChange={(on) => set('active', on)}
        />
      ) : null}
    </SaveDialog>
  );
}
