// Route tests of the admin's users (issue 17): the list (size 10000, search, role, last sign-in), creating a user of
// each kind with its welcome link in the mail outbox, the links a role needs (400, 404, 409), editing, deactivating
// (the issuer then refuses the user's sign-in and its refresh token), the reset link (a newer one replaces the older),
// 409s, and 403 for every role but ADMIN on every call, users' and audit's, with nothing written.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openSignInPage, refreshTokens, signIn, submitSignIn } from '../../identity/test-sign-in.ts';
import { type Harness, LOGINS, startHarness } from '../../testing/harness.ts';

let h: Harness;
const ids: Record<string, number> = {};
const USERS = '/api/v1/users';

beforeAll(async () => {
  h = await startHarness();
  const { rows } = await h.t.app.db.query<{ login: string; id: number }>('select login, id from users');
  for (const u of rows) ids[u.login] = Number(u.id);
});
afterAll(async () => {
  await h?.t.close();
});

const admin = (method: string, url: string, body?: unknown) => h.call('admin', method, url, body);

/** What a refused call must leave as it was. */
const written = () =>
  h.one<{ users: number; audit: number; mails: number; links: number; rows: string }>(
    `select (select count(*)::int from users) as users,
            (select count(*)::int from audit_log) as audit,
            (select count(*)::int from mail_outbox) as mails,
            (select count(*)::int from password_reset_tokens) as links,
            (select md5(string_agg(id || name || coalesce(email, '') || active || permissions::text
               || coalesce(client_id::text, '') || coalesce(pro_id::text, ''), ',' order by id)) from users) as rows`,
  );

let seq = 0;
/** A new client of the PRO "pro" (a person), without a user. */
async function newClient(lastName = `Utente${++seq}`): Promise<number> {
  const r = await h.one<{ id: number }>('insert into clients (last_name, created_by) values ($1, $2) returning id', [
    lastName,
    ids.pro,
  ]);
  return Number(r.id);
}

/** The link of the last mail to `to`, as its reader would find it. */
async function linkTo(to: string): Promise<{ kind: string; token: string; text: string }> {
  const mail = await h.one<{ kind: string; body_text: string }>(
    'select kind, body_text from mail_outbox where to_address = $1 order by id desc limit 1',
    [to],
  );
  const token = /\/oidc\/password\/reset\?token=([A-Za-z0-9_-]+)/.exec(mail?.body_text ?? '')?.[1];
  if (!token) throw new Error(`no password link in the last mail to ${to}`);
  return { kind: mail.kind, token, text: mail.body_text };
}

const body = (over: Record<string, unknown>) => ({
  login: `utente${++seq}`,
  name: 'Utente di Prova',
  email: `utente${seq}@example.it`,
  role: 'PRO',
  permissions: [],
  clientId: null,
  proId: null,
  ...over,
});

describe('the users list', () => {
  test('all users at once (the spec size 10000), with role, state, last sign-in, client and PRO', async () => {
    const total = (await h.one<{ n: number }>('select count(*)::int as n from users')).n;
    const r = await admin('GET', `${USERS}?size=10000`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ total, page: 1, size: 10000 });
    expect(r.body.item).toHaveLength(total);
    const byLogin = Object.fromEntries(r.body.item.map((u: { login: string }) => [u.login, u]));
    // The harness signed every demo login in: the issuer recorded it.
    for (const login of LOGINS) expect(byLogin[login].lastSignInAt, login).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(byLogin.client).toMatchObject({
      role: 'BASIC',
      active: true,
      passwordSet: true,
      clientName: 'Mario Rossi',
      proId: null,
      permissions: [],
    });
    expect(byLogin.delegate).toMatchObject({
      role: 'DELEGATE',
      proId: ids.pro,
      proName: 'Paolo Consulente',
      permissions: ['APPROVE_MOVEMENT', 'MANAGE_CONTROL'],
      clientId: null,
    });
    expect(JSON.stringify(r.body)).not.toMatch(/scrypt|password_hash|passwordHash/);
    // Sorted by login by default.
    const logins = r.body.item.map((u: { login: string }) => u.login.toLowerCase());
    expect(logins).toEqual([...logins].sort());
  });

  test('searched by login, name or email, filtered by role, paged', async () => {
    const byName = await admin('GET', `${USERS}?q=consulente`);
    expect(byName.body.item.map((u: { login: string }) => u.login).sort()).toEqual(['pro', 'pro2']);
    const byEmail = await admin('GET', `${USERS}?q=${encodeURIComponent('backoffice@patrimonio')}`);
    expect(byEmail.body.item.map((u: { login: string }) => u.login)).toEqual(['backoffice']);
    const delegates = await admin('GET', `${USERS}?role=DELEGATE&sort=login,desc`);
    expect(delegates.body.item.map((u: { login: string }) => u.login)).toEqual(['delegate2', 'delegate']);
    const page2 = await admin('GET', `${USERS}?role=DELEGATE&size=1&page=2`);
    expect(page2.body).toMatchObject({ total: 2, page: 2, size: 1 });
    expect(page2.body.item.map((u: { login: string }) => u.login)).toEqual(['delegate2']);
    expect((await admin('GET', `${USERS}?size=10001`)).status).toBe(400);
    expect((await admin('GET', `${USERS}?role=ROOT`)).status).toBe(400);
  });

  test('one user; 404 for an id no user has', async () => {
    const r = await admin('GET', `${USERS}/${ids.pro2}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: ids.pro2, login: 'pro2', name: 'Paola Consulente', role: 'PRO' });
    expect((await admin('GET', `${USERS}/999999999`)).status).toBe(404);
  });
});

describe('creating a user', () => {
  test('a BASIC user linked to a client: no password, the welcome link mailed at once, audited', async () => {
    const clientId = await newClient('Bianchi');
    const before = await written();
    const input = body({ role: 'BASIC', clientId, login: 'luca.bianchi@example.it', email: 'luca.bianchi@example.it' });
    const r = await admin('POST', USERS, input);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const user = r.body.user;
    expect(user).toMatchObject({
      login: 'luca.bianchi@example.it',
      role: 'BASIC',
      active: true,
      passwordSet: false,
      lastSignInAt: null,
      clientId,
      clientName: 'Bianchi',
      proId: null,
    });
    expect(r.body.reset).toMatchObject({ sent: true, email: 'luca.bianchi@example.it' });
    const hours = (Date.parse(r.body.reset.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    const row = await h.one<{ password_hash: string | null }>('select password_hash from users where id = $1', [
      user.id,
    ]);
    expect(row.password_hash).toBeNull();

    // The mail (log-only without SMTP_URL: the outbox is the inbox), in both languages, with the issuer's link.
    const mail = await linkTo('luca.bianchi@example.it');
    expect(mail.kind).toBe('password_welcome');
    expect(mail.text).toContain(`${h.t.url}/oidc/password/reset?token=${mail.token}`);
    expect(mail.text).toContain('Gentile Utente di Prova');
    expect(mail.text).toContain('Dear Utente di Prova');
    const stored = await h.one<{ n: number }>(
      'select count(*)::int as n from password_reset_tokens where user_id = $1 and token_hash <> $2',
      [user.id, mail.token],
    );
    expect(stored.n, 'only the hash of the token is stored').toBe(1);

    const after = await written();
    expect(after).toMatchObject({ users: before.users + 1, mails: before.mails + 1, links: before.links + 1 });
    const audits = (
      await h.t.app.db.query<{ action: string; actor_id: string; before: unknown; after: Record<string, unknown> }>(
        `select action, actor_id, before, after from audit_log where entity = 'user' and entity_id = $1 order by id`,
        [String(user.id)],
      )
    ).rows;
    expect(audits.map((a) => [a.action, a.actor_id])).toEqual([
      ['create', String(ids.admin)],
      ['password_link', String(ids.admin)],
    ]);
    expect(audits[0]!.before).toBeNull();
    expect(audits[0]!.after).toMatchObject({ login: 'luca.bianchi@example.it', role: 'BASIC', clientId });
    expect(JSON.stringify(audits)).not.toMatch(/scrypt|password_hash|passwordHash/);
    expect(audits[1]!.after).toMatchObject({ purpose: 'welcome', email: 'luca.bianchi@example.it' });
  });

  test('a DELEGATE of a PRO with permissions, and an ADMIN', async () => {
    const delegate = await admin(
      'POST',
      USERS,
      body({ role: 'DELEGATE', proId: ids.pro2, permissions: ['APPROVE_MOVEMENT'] }),
    );
    expect(delegate.status, JSON.stringify(delegate.body)).toBe(200);
    expect(delegate.body.user).toMatchObject({
      role: 'DELEGATE',
      proId: ids.pro2,
      proName: 'Paola Consulente',
      permissions: ['APPROVE_MOVEMENT'],
    });
    const second = await admin('POST', USERS, body({ role: 'ADMIN' }));
    expect(second.status).toBe(200);
    expect(second.body.user).toMatchObject({ role: 'ADMIN', clientId: null, proId: null, permissions: [] });
  });

  test('409 login_taken (whatever the case), 409 client_already_registered, nothing written', async () => {
    const before = await written();
    const taken = await admin('POST', USERS, body({ login: 'Backoffice' }));
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('login_taken');
    // Mario Rossi is the demo BASIC user "client".
    const mario = await h.one<{ client_id: number }>(`select client_id from users where login = 'client'`);
    const again = await admin('POST', USERS, body({ role: 'BASIC', clientId: Number(mario.client_id) }));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'client_already_registered', params: { userId: ids.client } });
    expect(await written()).toEqual(before);
  });

  test('links that do not fit the role: 400 naming the field; a client or PRO that does not exist: 404', async () => {
    const clientId = await newClient();
    const before = await written();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ role: 'BASIC' }, 'body.clientId', 'required'],
      [{ role: 'PRO', clientId }, 'body.clientId', 'not_for_role'],
      [{ role: 'DELEGATE' }, 'body.proId', 'required'],
      [{ role: 'BACK_OFFICE', proId: ids.pro }, 'body.proId', 'not_for_role'],
      [{ role: 'PRO', permissions: ['MANAGE_CONTROL'] }, 'body.permissions', 'not_for_role'],
      [{ role: 'DELEGATE', proId: ids.admin }, 'body.proId', 'not_a_pro'],
    ];
    for (const [over, field, message] of cases) {
      const r = await admin('POST', USERS, body(over));
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.body.fields, JSON.stringify(over)).toContainEqual({ field, message });
    }
    expect((await admin('POST', USERS, body({ role: 'BASIC', clientId: 999999999 }))).status).toBe(404);
    expect((await admin('POST', USERS, body({ role: 'DELEGATE', proId: 999999999 }))).status).toBe(404);
    for (const bad of [{ login: 'a b' }, { login: 'x' }, { email: 'not-an-address' }, { role: 'ROOT' }]) {
      expect((await admin('POST', USERS, body(bad))).status, JSON.stringify(bad)).toBe(400);
    }
    expect(await written()).toEqual(before);
  });
});

describe('editing and deactivating', () => {
  test('an edit is audited with the user before and after', async () => {
    const created = (await admin('POST', USERS, body({ role: 'DELEGATE', proId: ids.pro, permissions: [] }))).body.user;
    const r = await admin('PUT', `${USERS}/${created.id}`, {
      name: 'Nome Nuovo',
      email: 'nuovo@example.it',
      permissions: ['MANAGE_CONTROL'],
      clientId: null,
      proId: ids.pro2,
      active: true,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      id: created.id,
      login: created.login,
      name: 'Nome Nuovo',
      email: 'nuovo@example.it',
      permissions: ['MANAGE_CONTROL'],
      proId: ids.pro2,
      proName: 'Paola Consulente',
      active: true,
    });
    const audit = await h.one<{ action: string; before: Record<string, unknown>; after: Record<string, unknown> }>(
      `select action, before, after from audit_log where entity = 'user' and entity_id = $1 order by id desc limit 1`,
      [String(created.id)],
    );
    expect(audit.action).toBe('update');
    expect(audit.before).toMatchObject({ name: 'Utente di Prova', permissions: [], proId: ids.pro });
    expect(audit.after).toMatchObject({ name: 'Nome Nuovo', permissions: ['MANAGE_CONTROL'], proId: ids.pro2 });
    const unknown = await admin('PUT', `${USERS}/999999999`, {
      name: 'X',
      email: null,
      permissions: [],
      clientId: null,
      proId: null,
      active: true,
    });
    expect(unknown.status).toBe(404);
  });

  test('a deactivated user may not sign in at the issuer, and its refresh token stops working', async () => {
    const created = (await admin('POST', USERS, body({ role: 'PRO' }))).body.user;
    await h.t.app.db.query(
      `update users set password_hash = (select password_hash from users where login = 'pro') where id = $1`,
      [created.id],
    );
    const tokens = await signIn(h.t.url, created.login, 'patrimonio');
    // Renewal works while the user is active.
    const renewed = await refreshTokens(h.t.url, tokens.refreshToken);

    const r = await admin('PUT', `${USERS}/${created.id}`, {
      name: created.name,
      email: created.email,
      permissions: [],
      clientId: null,
      proId: null,
      active: false,
    });
    expect(r.status).toBe(200);
    expect(r.body.active).toBe(false);
    const audit = await h.one<{ action: string; before: { active: boolean }; after: { active: boolean } }>(
      `select action, before, after from audit_log where entity = 'user' and entity_id = $1 order by id desc limit 1`,
      [String(created.id)],
    );
    expect(audit).toMatchObject({ action: 'deactivate', before: { active: true }, after: { active: false } });

    await expect(refreshTokens(h.t.url, renewed.refreshToken)).rejects.toThrow(/invalid_grant/);
    const page = await openSignInPage(h.t.url);
    const refused = await submitSignIn(page, created.login, 'patrimonio');
    expect(refused).toMatchObject({ status: 200, error: 'Nome utente o password non corretti' });

    // Active again: the sign-in works (the same password, nothing else changed).
    const back = await admin('PUT', `${USERS}/${created.id}`, {
      name: created.name,
      email: created.email,
      permissions: [],
      clientId: null,
      proId: null,
      active: true,
    });
    expect(back.status).toBe(200);
    await expect(signIn(h.t.url, created.login, 'patrimonio')).resolves.toMatchObject({
      accessToken: expect.any(String),
    });
  });

  test('an ADMIN may not deactivate itself: 409 self, nothing written', async () => {
    const me = (await admin('GET', `${USERS}/${ids.admin}`)).body;
    const before = await written();
    const r = await admin('PUT', `${USERS}/${ids.admin}`, {
      name: me.name,
      email: me.email,
      permissions: [],
      clientId: null,
      proId: null,
      active: false,
    });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('self');
    expect(await written()).toEqual(before);
  });

  test('moving a BASIC user to a client that has a user: 409 client_already_registered', async () => {
    const clientId = await newClient();
    const created = (await admin('POST', USERS, body({ role: 'BASIC', clientId }))).body.user;
    const mario = await h.one<{ client_id: number }>(`select client_id from users where login = 'client'`);
    const before = await written();
    const r = await admin('PUT', `${USERS}/${created.id}`, {
      name: created.name,
      email: created.email,
      permissions: [],
      clientId: Number(mario.client_id),
      proId: null,
      active: true,
    });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('client_already_registered');
    // Its own client again is no conflict.
    expect(await written()).toEqual(before);
    const same = await admin('PUT', `${USERS}/${created.id}`, {
      name: created.name,
      email: created.email,
      permissions: [],
      clientId,
      proId: null,
      active: true,
    });
    expect(same.status).toBe(200);
  });
});

describe('the password-reset link', () => {
  test('mailed at once, valid 24 hours; a newer link revokes the older; audited', async () => {
    const first = await admin('POST', `${USERS}/${ids.pro2}/reset-password`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ sent: true, email: 'pro2@patrimonio.example' });
    const mail1 = await linkTo('pro2@patrimonio.example');
    expect(mail1.kind).toBe('password_reset');
    const second = await admin('POST', `${USERS}/${ids.pro2}/reset-password`);
    expect(second.status).toBe(200);
    const mail2 = await linkTo('pro2@patrimonio.example');
    expect(mail2.token).not.toBe(mail1.token);
    const links = (
      await h.t.app.db.query<{ open: boolean }>(
        `select revoked_at is null and used_at is null as open from password_reset_tokens where user_id = $1 order by id`,
        [ids.pro2],
      )
    ).rows;
    expect(links.map((l) => l.open)).toEqual([false, true]);
    const audit = await h.one<{ n: number }>(
      `select count(*)::int as n from audit_log where entity = 'user' and entity_id = $1 and action = 'password_link'
          and actor_id = $2`,
      [String(ids.pro2), String(ids.admin)],
    );
    expect(audit.n).toBe(2);
    // The old password still works until a new one is chosen.
    await expect(signIn(h.t.url, 'pro2', 'patrimonio')).resolves.toBeTruthy();
  });

  test('409 user_inactive, 409 no_email, 404 for an unknown user, nothing written', async () => {
    const inactive = (await admin('POST', USERS, body({ role: 'PRO' }))).body.user;
    await admin('PUT', `${USERS}/${inactive.id}`, {
      name: inactive.name,
      email: inactive.email,
      permissions: [],
      clientId: null,
      proId: null,
      active: false,
    });
    const noEmail = (await admin('POST', USERS, body({ role: 'BACK_OFFICE' }))).body.user;
    await admin('PUT', `${USERS}/${noEmail.id}`, {
      name: noEmail.name,
      email: null,
      permissions: [],
      clientId: null,
      proId: null,
      active: true,
    });
    const before = await written();
    const r1 = await admin('POST', `${USERS}/${inactive.id}/reset-password`);
    expect([r1.status, r1.body.code]).toEqual([409, 'user_inactive']);
    const r2 = await admin('POST', `${USERS}/${noEmail.id}/reset-password`);
    expect([r2.status, r2.body.code]).toEqual([409, 'no_email']);
    expect((await admin('POST', `${USERS}/999999999/reset-password`)).status).toBe(404);
    expect(await written()).toEqual(before);
  });
});

describe('every role but ADMIN: 403 on every call, nothing written', () => {
  const others = LOGINS.filter((l) => l !== 'admin');
  test.each(others)('%s', async (login) => {
    const clientId = await newClient();
    const before = await written();
    const calls: [string, string, unknown?][] = [
      ['GET', USERS],
      ['GET', `${USERS}/${ids.pro}`],
      ['POST', USERS, body({ role: 'BASIC', clientId })],
      [
        'PUT',
        `${USERS}/${ids.pro}`,
        { name: 'X', email: null, permissions: [], clientId: null, proId: null, active: false },
      ],
      ['POST', `${USERS}/${ids.pro}/reset-password`],
      ['GET', '/api/v1/audit'],
      ['GET', '/api/v1/audit/entities'],
    ];
    for (const [method, url, payload] of calls) {
      const r = await h.call(login, method, url, payload);
      expect(r.status, `${method} ${url}`).toBe(403);
    }
    expect((await h.call(null, 'GET', USERS)).status).toBe(401);
    expect(await written()).toEqual(before);
  });
});
