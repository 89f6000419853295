// The panel's users tab (/caronte-panel?tab=users; ADMIN): every user at once (GET /users, size 10000, the spec's
// table size) with login, name, email, role, state, last sign-in and the client or PRO it is linked to; filters by
// role and by a search of login, name and email (kept in the URL); create and edit in a dialog; deactivate and
// activate (an ADMIN may not deactivate itself: 409 self in words); "Invia il link per la password" (the toast says
// the address it went to); "Agisci come questo consulente" on an active PRO starts the impersonation (issue 19).
import { Trans, useLingui } from '@lingui/react/macro';
import type { AdminUser, Role } from '@patrimonio/shared-api';
import { USERS_PAGE_SIZE } from '@patrimonio/shared-api/constants';
import {
  Button,
  DataTable,
  errorCode,
  labelOptions,
  navigate,
  ROLE_LABELS,
  Select,
  startImpersonation,
  type TableAction,
  type TableColumn,
  TextInput,
  toast,
  useApiMutation,
  useApiQuery,
  useDebounced,
  useLocation,
} from '@patrimonio/shared-ui';
import { useMemo } from 'react';
import { pageRows, useEditing } from '../common/AdminPage.tsx';
import { useOutcomeMutation } from '../common/actions.ts';
import { userLink } from '../common/admin-logic.ts';
import { SEARCH_DEBOUNCE_MS } from '../common/constants.ts';
import { ROLE_KEYS, USER_ERROR_MESSAGES, USER_TOASTS } from '../common/labels.ts';
import { UserDialog } from './UserDialog.tsx';

const isRole = (v: string | null): v is Role => v !== null && (ROLE_KEYS as readonly string[]).includes(v);

/** /caronte-panel?tab=users&role=PRO&q=rossi */
function usersPath(role: Role | null, q: string): string {
  const p = new URLSearchParams({ tab: 'users' });
  if (role) p.set('role', role);
  if (q) p.set('q', q);
  return `/caronte-panel?${p.toString()}`;
}

export function UsersTab({ currentUserId }: { currentUserId: string | null }) {
  const { t, i18n } = useLingui();
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const roleParam = params.get('role');
  const role = isRole(roleParam) ? roleParam : null;
  const q = (params.get('q') ?? '').slice(0, 200);
  // The URL follows every key; the server is asked once the typing pauses.
  const term = useDebounced(q.trim(), SEARCH_DEBOUNCE_MS);
  const editing = useEditing<AdminUser>();

  const users = useApiQuery(
    'listUsers',
    { query: { size: USERS_PAGE_SIZE, ...(role ? { role } : {}), ...(term ? { q: term } : {}) } },
    { placeholderData: (previous) => previous },
  );
  const conflict = (e: unknown) => {
    const code = errorCode(e);
    return code ? USER_ERROR_MESSAGES[code] : undefined;
  };
  const update = useOutcomeMutation('updateUser', { error: conflict, invalidate: ['listUsers', 'getUser'] });
  const reset = useApiMutation('resetUserPassword', {
    quiet: true,
    success: (r) =>
      r.sent
        ? t`Link per la password inviato a ${r.email}`
        : t`Il server di posta non ha accettato il messaggio per ${r.email}: il link funzionerà quando arriverà.`,
    error: (e) => conflict(e) ?? USER_TOASTS.resetFailed,
  });

  const isSelf = (u: AdminUser) => currentUserId !== null && String(u.id) === currentUserId;
  const setActive = (u: AdminUser, active: boolean) =>
    update.run(
      {
        params: { id: u.id },
        body: {
          name: u.name,
          email: u.email,
          permissions: u.permissions,
          clientId: u.clientId,
          proId: u.proId,
          active,
        },
      },
      () => ({ ok: true, message: i18n._(active ? USER_TOASTS.activated : USER_TOASTS.deactivated) }),
    );

  const columns = useMemo<TableColumn<AdminUser>[]>(
    () => [
      { key: 'login', title: t`Login`, value: (r) => r.login },
      { key: 'name', title: t`Nome`, value: (r) => r.name },
      { key: 'email', title: t`Email`, value: (r) => r.email ?? '', width: 220 },
      { key: 'role', title: t`Ruolo`, value: (r) => i18n._(ROLE_LABELS[r.role]) },
      {
        key: 'active',
        title: t`Stato`,
        value: (r) =>
          r.active
            ? t({ message: 'Attivo', context: 'user state' })
            : t({ message: 'Disattivato', context: 'user state' }),
        tone: (r) => (r.active ? 'positive' : 'neutral'),
      },
      {
        key: 'lastSignInAt',
        title: t`Ultimo accesso`,
        type: 'dateTime',
        value: (r) => r.lastSignInAt,
      },
      { key: 'link', title: t`Cliente o consulente`, value: userLink },
      {
        key: 'passwordSet',
        title: t`Password scelta`,
        value: (r) => (r.passwordSet ? t`Sì` : t`Non ancora`),
        hiddenByDefault: true,
      },
      { key: 'createdAt', title: t`Creato`, type: 'dateTime', value: (r) => r.createdAt, hiddenByDefault: true },
    ],
    [t, i18n],
  );

  const actions: TableAction<AdminUser>[] = [
    { id: 'edit', label: t`Modifica`, icon: 'edit', onClick: editing.edit },
    {
      id: 'reset',
      label: t`Invia il link per la password`,
      icon: 'invite',
      hidden: (r) => !r.active,
      onClick: (r) => reset.mutate({ params: { id: r.id } }),
    },
    {
      // Impersonation (issue 19): the ADMIN acts as an active PRO; a banner on every page ends it.
      id: 'impersonate',
      label: t`Agisci come questo consulente`,
      icon: 'open',
      hidden: (r) => r.role !== 'PRO' || !r.active,
      onClick: (r) => {
        startImpersonation(r.id).catch(() =>
          toast.error(t`Impossibile agire come ${r.name}: l'utente non è un consulente attivo.`),
        );
      },
    },
    {
      id: 'deactivate',
      label: t`Disattiva`,
      icon: 'reject',
      hidden: (r) => !r.active || isSelf(r),
      confirm: true,
      onClick: (r) => setActive(r, false),
    },
    {
      id: 'activate',
      label: t`Riattiva`,
      icon: 'approve',
      hidden: (r) => r.active,
      onClick: (r) => setActive(r, true),
    },
  ];

  const filtered = role !== null || q !== '';
  return (
    <div className="pt-stack" data-testid="users-tab">
      <div className="ad-toolbar">
        <div className="ad-filters" data-testid="users-filters">
          <Select
            label={<Trans>Ruolo</Trans>}
            name="role"
            data-testid="filter-role"
            placeholder={t`Tutti`}
            value={role ?? ''}
            options={labelOptions(ROLE_LABELS, (m) => i18n._(m), ROLE_KEYS)}
            onChange={(v) => navigate(usersPath(isRole(v) ? v : null, q), { replace: true })}
          />
          <TextInput
            label={<Trans>Cerca</Trans>}
            name="q"
            type="search"
            maxLength={200}
            hint={<Trans>Login, nome o email</Trans>}
            data-testid="filter-q"
            value={q}
            onChange={(v) => navigate(usersPath(role, v), { replace: true })}
          />
        </div>
        <Button variant="primary" data-testid="user-add" onClick={editing.add}>
          <Trans>Nuovo utente</Trans>
        </Button>
      </div>
      <DataTable
        id="users"
        exportName={t`utenti`}
        label={t`Utenti`}
        columns={columns}
        {...pageRows(users, t`Impossibile caricare gli utenti. Riprova tra qualche istante.`)}
        emptyText={filtered ? t`Nessun utente con questi filtri.` : t`Nessun utente.`}
        actions={actions}
        defaultSort={{ key: 'login', direction: 'asc' }}
        defaultPageSize={50}
      />
      <UserDialog open={editing.open} user={editing.record} onClose={editing.close} />
    </div>
  );
}
