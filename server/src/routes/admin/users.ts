// The admin's users (issue 17; spec data-and-admin 1 and 9, the users table of size 10000): list, read, create a user
// of any role (a BASIC user linked to a client, a DELEGATE to a PRO), edit and deactivate, and send a one-time
// password-reset link by mail. ADMIN only (access/admin.ts). A new user has no password: it gets its link at once, in
// the same transaction as its row (identity/password-reset.ts), and the mail leaves after the commit. With an outside
// issuer (OIDC_ISSUER) users sign in there: no link is sent, and a reset answers 409 external_issuer.
import { type AdminUser, routes, type UserCreated } from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import { assertNotSelfDeactivation, checkUserLinks, USER_ADMINS } from '../../access/admin.ts';
import { audit } from '../../access/audit.ts';
import { findAdminUser, insertUser, listAdminUsers, updateUser } from '../../data/admin-users.ts';
import type { Queryable } from '../../db/database.ts';
import { createWithWelcome, requestPasswordReset } from '../../identity/password-reset.ts';
import { appMailer } from '../../mail/outbox.ts';
import { caller } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import { route } from '../../plugins/route.ts';

const roles = { roles: USER_ADMINS };

/** A user by id, or 404. */
async function userOr404(db: Queryable, id: number, lock = false): Promise<AdminUser> {
  const user = await findAdminUser(db, id, lock);
  if (!user) throw notFound();
  return user;
}

export async function adminUserRoutes(app: FastifyInstance): Promise<void> {
  const mailer = appMailer(app);
  const resetContext = { db: app.db, config: app.config, mailer };

  route(
    app,
    routes.listUsers,
    async (request) => {
      const page = request.query.page ?? 1;
      const size = request.query.size ?? 10000;
      return { ...(await listAdminUsers(app.db, { ...request.query, page, size })), page, size };
    },
    roles,
  );

  route(app, routes.getUser, async (request) => userOr404(app.db, request.params.id), roles);

  route(
    app,
    routes.createUser,
    async (request): Promise<UserCreated> => {
      const actor = caller(request);
      const body = request.body;
      const input = {
        login: body.login,
        name: body.name.trim(),
        email: body.email.trim(),
        role: body.role,
        permissions: body.permissions,
        clientId: body.clientId,
        proId: body.proId,
      };
      const { created, welcome } = await createWithWelcome(
        resetContext,
        actor,
        async (tx) => {
          await checkUserLinks(tx, input.role, input, null);
          const id = await insertUser(tx, input);
          const user = await userOr404(tx, id);
          await audit(tx, actor, 'create', 'user', id, null, user);
          return { created: user, user: { ...input, id } };
        },
        'Another user has this login',
      );
      return { user: created, reset: welcome };
    },
    roles,
  );

  route(
    app,
    routes.updateUser,
    async (request) => {
      const actor = caller(request);
      const id = request.params.id;
      const body = request.body;
      return app.db.transaction(async (tx) => {
        const before = await userOr404(tx, id, true);
        // Only a change of state is refused: an ADMIN deactivated by someone else edits nothing anyway.
        if (before.active) assertNotSelfDeactivation(actor, id, body.active);
        const changes = {
          name: body.name.trim(),
          email: body.email?.trim() || null,
          permissions: body.permissions,
          clientId: body.clientId,
          proId: body.proId,
          active: body.active,
        };
        await checkUserLinks(tx, before.role, changes, id);
        await updateUser(tx, id, changes);
        const after = await userOr404(tx, id);
        const action = before.active === after.active ? 'update' : after.active ? 'activate' : 'deactivate';
        await audit(tx, actor, action, 'user', id, before, after);
        return after;
      });
    },
    roles,
  );

  route(
    app,
    routes.resetUserPassword,
    async (request) => requestPasswordReset(resetContext, request.params.id, caller(request)),
    roles,
  );
}
