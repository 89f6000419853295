// Create a user (POST /users) or edit one (PUT /users/{id}); ADMIN. The role comes first, since it decides the rest:
// a BASIC user is one client (picked among the clients), a DELEGATE works for one PRO (picked among the PRO users)
// with the permissions APPROVE_MOVEMENT and MANAGE_CONTROL; the others have no link. A new user gets a one-time
// password link at its address at once. On edit the login and role stay; "Attivo" off deactivates it. The 409 codes
// (login_taken, client_already_registered, self) are said in words above the fields.
import { Trans, useLingui } from '@lingui/react/macro';
import type { AdminUser, Permission } from '@patrimonio/shared-api';
import { LOGIN_MAX_LENGTH, USERS_PAGE_SIZE } from '@patrimonio/shared-api/constants';
import {
  contract,
  EmailInput,
  errorCode,
  FormDialog,
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

const USER_ROUTES = ['listUsers', 'getUser'] as const;

type Form = UseFormReturn<UserForm> & { codeOf: (name: Path<UserForm>) => string | undefined; submitError: unknown };

export function UserDialog(props: { open: boolean; user: AdminUser | null; onClose: () => void }) {
  return props.user ? <EditUser {...props} user={props.user} /> : <CreateUser {...props} />;
}

function CreateUser(props: { open: boolean; onClose: () => void }) {
  const form = useContractForm(contract.createUser.body, {
    open: props.open,
    defaults: userFormOf(null),
    toBody: createUserBody,
    refine: userRefine,
  });
  const create = useApiMutation('createUser', {
    quiet: true,
    success: USER_TOASTS.created,
    error: () => undefined,
    invalidate: USER_ROUTES,
  });
  const submit = form.submit(async (body) => {
    await create.mutateAsync({ body });
    props.onClose();
  });
  return (
    <UserFormDialog
      open={props.open}
      onClose={props.onClose}
      form={form}
      busy={create.isPending}
      onSubmit={() => void submit()}
      user={null}
    />
  );
}

function EditUser(props: { open: boolean; user: AdminUser; onClose: () => void }) {
  const form = useContractForm(contract.updateUser.body, {
    open: props.open,
    defaults: userFormOf(props.user),
    toBody: updateUserBody,
    refine: userRefine,
  });
  const update = useApiMutation('updateUser', {
    quiet: true,
    success: USER_TOASTS.edited,
    error: () => undefined,
    invalidate: USER_ROUTES,
  });
  const id = props.user.id;
  const submit = form.submit(async (body) => {
    await update.mutateAsync({ params: { id }, body });
    props.onClose();
  });
  return (
    <UserFormDialog
      open={props.open}
      onClose={props.onClose}
      form={form}
      busy={update.isPending}
      onSubmit={() => void submit()}
      user={props.user}
    />
  );
}

function UserFormDialog(props: {
  open: boolean;
  onClose: () => void;
  form: Form;
  busy: boolean;
  onSubmit: () => void;
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

  const set = <N extends Path<UserForm>>(name: N, value: PathValue<UserForm, N>) => {
    form.setValue(name, value);
    form.clearErrors(name);
  };
  const bind = <N extends 'login' | 'name' | 'email' | 'clientId' | 'proId'>(name: N) => ({
    value: values[name],
    onChange: (v: string) => set(name, v as PathValue<UserForm, N>),
    error: fieldError(form.codeOf(name)),
  });
  const togglePermission = (p: Permission, on: boolean) =>
    set('permissions', on ? [...values.permissions, p] : values.permissions.filter((x) => x !== p));

  const code = form.submitError ? errorCode(form.submitError) : undefined;
  const known = code ? USER_ERROR_MESSAGES[code] : undefined;
  const error = form.submitError ? (
    known ? (
      <span data-testid="user-error">{i18n._(known)}</span>
    ) : (
      <Trans>Il salvataggio non è andato a buon fine. Riprova.</Trans>
    )
  ) : null;

  const clientOptions = (clients.data?.item ?? []).map((c) => ({
    value: String(c.id),
    label: c.name ?? ([c.lastName, c.firstName].filter(Boolean).join(' ') || c.companyName || String(c.id)),
  }));
  const proOptions = (pros.data?.item ?? []).map((p) => ({ value: String(p.id), label: `${p.name} (${p.login})` }));

  return (
    <FormDialog
      open={open}
      onClose={props.onClose}
      onSubmit={props.onSubmit}
      busy={props.busy}
      title={user ? <Trans>Modifica l'utente {user.login}</Trans> : <Trans>Nuovo utente</Trans>}
      submitLabel={user ? undefined : <Trans>Crea e invia il link</Trans>}
      error={error}
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
    </FormDialog>
  );
}
