// A PRO's delegates (issue 19, /delegates; docs/registration-and-delegates.md): list, invite (a DELEGATE user with the
// address as login, mailed its welcome link in the same transaction: identity/password-reset.ts), change permissions,
// suspend and resume, resend the link, remove. PRO only (access/delegates.ts). The verifier reads the delegate's
// role, permissions and state from the database on every call, so each change holds from its next call.
// Removal deactivates and detaches the delegate instead of deleting it (data/delegates.ts removeDelegate): the
// movements it decided and the controls it accepted keep their author.
import { type Delegate, type DelegateInvited, routes } from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import { audit } from '../access/audit.ts';
import { DELEGATE_MANAGERS, delegatesOwner } from '../access/delegates.ts';
import {
  findDelegate,
  insertDelegate,
  listDelegates,
  removeDelegate,
  updateDelegate,
  userLogin,
} from '../data/delegates.ts';
import type { Queryable } from '../db/database.ts';
import { assertOwnPasswords, createWithWelcome, sendPasswordLink } from '../identity/password-reset.ts';
import { appMailer } from '../mail/outbox.ts';
import { caller } from '../plugins/auth.ts';
import { HttpError, notFound } from '../plugins/errors.ts';
import { route } from '../plugins/route.ts';

const roles = { roles: DELEGATE_MANAGERS };

/** One of the PRO's delegates, or 404. */
async function delegateOr404(db: Queryable, proId: number, id: number, lock = false): Promise<Delegate> {
  const delegate = await findDelegate(db, proId, id, lock);
  if (!delegate) throw notFound();
  return delegate;
}

export async function delegateRoutes(app: FastifyInstance): Promise<void> {
  const mailer = appMailer(app);
  const resetContext = { db: app.db, config: app.config, mailer };

  route(
    app,
    routes.listDelegates,
    async (request) => ({ item: await listDelegates(app.db, delegatesOwner(caller(request))) }),
    roles,
  );

  route(
    app,
    routes.inviteDelegate,
    async (request): Promise<DelegateInvited> => {
      const actor = caller(request);
      const proId = delegatesOwner(actor);
      const email = request.body.email.trim();
      const input = {
        login: email.toLowerCase(),
        name: request.body.name.trim(),
        email,
        permissions: request.body.permissions,
      };
      const { created, welcome } = await createWithWelcome(
        resetContext,
        actor,
        async (tx) => {
          const id = await insertDelegate(tx, proId, input);
          const delegate = await delegateOr404(tx, proId, id);
          await audit(tx, actor, 'invite_delegate', 'user', id, null, { ...delegate, proId });
          return { created: delegate, user: { ...input, id } };
        },
        'An account with this email address already exists',
      );
      return { delegate: created, invitation: welcome };
    },
    roles,
  );

  route(
    app,
    routes.updateDelegate,
    async (request) => {
      const actor = caller(request);
      const proId = delegatesOwner(actor);
      const id = request.params.id;
      const updated = await app.db.transaction(async (tx) => {
        const before = await delegateOr404(tx, proId, id, true);
        await updateDelegate(tx, id, { permissions: request.body.permissions, active: request.body.active });
        const after = await delegateOr404(tx, proId, id);
        const wasActive = before.state !== 'suspended';
        const action =
          wasActive === request.body.active ? 'update_delegate' : request.body.active ? 'resume' : 'suspend';
        await audit(tx, actor, action, 'user', id, before, after);
        return after;
      });
      // From the delegate's next call, not within the verifier's few seconds of memory.
      app.identity.forgetUser(id);
      return updated;
    },
    roles,
  );

  route(
    app,
    routes.resendDelegateInvite,
    async (request) => {
      const actor = caller(request);
      const proId = delegatesOwner(actor);
      assertOwnPasswords(app.config);
      const id = request.params.id;
      return sendPasswordLink(
        resetContext,
        async (tx) => {
          const delegate = await delegateOr404(tx, proId, id, true);
          if (delegate.state === 'suspended')
            throw new HttpError(409, 'The delegate is suspended: resume it first', 'user_inactive');
          if (delegate.state === 'active')
            throw new HttpError(409, 'The delegate has already chosen its password', 'already_registered');
          const login = (await userLogin(tx, id)) ?? delegate.email;
          return { id, login, name: delegate.name, email: delegate.email };
        },
        actor,
        'welcome',
      );
    },
    roles,
  );

  route(
    app,
    routes.removeDelegate,
    async (request) => {
      const actor = caller(request);
      const proId = delegatesOwner(actor);
      const id = request.params.id;
      await app.db.transaction(async (tx) => {
        const before = await delegateOr404(tx, proId, id, true);
        await removeDelegate(tx, id);
        await audit(tx, actor, 'remove_delegate', 'user', id, { ...before, proId }, { removed: true, active: false });
      });
      app.identity.forgetUser(id);
      return { id };
    },
    roles,
  );
}
