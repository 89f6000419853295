// Route tests for client registration from an invitation: an adviser invites, the link from the mail outbox shows
// the address, the client registers with a password and then signs in through the real issuer as BASIC. Used,
// replaced, expired and unknown links; weak passwords; accounts that already exist; the throttle. On every error
// nothing is written.

import { taxCodeCheckChar } from '@patrimonio/shared-api';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hashLinkToken } from '../data/invitations.ts';
import { decodeJwt, signIn } from '../identity/test-sign-in.ts';
import { callApi } from '../testing/api-caller.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
const tokens = new Map<string, string>();
const ids: Record<string, number> = {};
const REGISTER_URL = '/api/v1/register/client';
const PASSWORD = 'una-password-lunga';

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  tokens.set('pro', (await signIn(t.url, 'pro', 'patrimonio')).accessToken);
  const { rows } = await t.app.db.query<{ login: string; id: number }>('select login, id from users');
  for (const u of rows) ids[u.login] = Number(u.id);
});
afterAll(async () => {
  await t?.close();
});

async function one<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T> {
  return (await t.app.db.query<T>(sql, params)).rows[0]!;
}

/** Each test calls from its own address, so the throttle of one does not slow down another. */
let nextAddress = 1;
const newAddress = () => `10.0.0.${nextAddress++}`;

/** A public call (no bearer token) from the given address. */
async function pub(
  from: string,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are checked by the assertions
): Promise<{ status: number; body: any }> {
  const res = await t.app.inject({
    method,
    url,
    remoteAddress: from,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = String(res.headers['content-type'] ?? '').includes('json');
  return { status: res.statusCode, body: res.body && json ? JSON.parse(res.body) : res.body };
}

const info = (from: string, token: string) => pub(from, 'GET', `${REGISTER_URL}?token=${encodeURIComponent(token)}`);
const register = (from: string, body: Record<string, unknown>) => pub(from, 'POST', REGISTER_URL, body);

let nextCode = 700;
/** A new client of the PRO "pro", with a valid tax code. */
async function newClient(firstName: string, lastName: string): Promise<number> {
  const n = nextCode++;
  const surname = String.fromCharCode(65 + (n % 26), 65 + (Math.floor(n / 26) % 26), 65 + Math.floor(n / 676));
  const first15 = `${surname}REG80A${String((n % 28) + 1).padStart(2, '0')}H501`;
  const r = await one<{ id: number }>(
    'insert into clients (first_name, last_name, tax_code, subscribe, created_by) values ($1, $2, $3, true, $4) returning id',
    [firstName, lastName, first15 + taxCodeCheckChar(first15), ids.pro],
  );
  return Number(r.id);
}

/** The token of the last invitation mail of a client, as the client would read it. */
async function tokenFromOutbox(clientId: number): Promise<string> {
  const mail = await one<{ body_text: string }>(
    'select body_text from mail_outbox where client_id = $1 order by id desc limit 1',
    [clientId],
  );
  const token = /\/register-client\?token=([A-Za-z0-9_-]+)/.exec(mail.body_text)?.[1];
  if (!token) throw new Error('no registration link in the mail');
  return token;
}

/** The PRO invites the client to the address; returns the token of the link. */
async function invite(clientId: number, email: string): Promise<string> {
  const r = await callApi(t, tokens, 'pro', 'PATCH', `/api/v1/user/client/${clientId}/invite`, { email });
  expect(r.status).toBe(200);
  return tokenFromOutbox(clientId);
}

/** What registration may write: every error must leave all of it as it was. */
async function snapshot() {
  return one<Record<'users' | 'audits' | 'mails' | 'invitations' | 'used' | 'revoked', number>>(
    `select (select count(*)::int from users) as users,
            (select count(*)::int from audit_log) as audits,
            (select count(*)::int from mail_outbox) as mails,
            (select count(*)::int from client_invitations) as invitations,
            (select count(*)::int from client_invitations where used_at is not null) as used,
            (select count(*)::int from client_invitations where revoked_at is not null) as revoked`,
  );
}

describe('registration from an invitation', () => {
  test('invite, open the link, register, sign in as BASIC for that client', async () => {
    const from = newAddress();
    const clientId = await newClient('Nuova', 'Cliente');
    const token = await invite(clientId, 'Nuova.Cliente@Example.it');

    const shown = await info(from, token);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ email: 'Nuova.Cliente@Example.it', clientName: 'Nuova Cliente' });
    const days = (Date.parse(shown.body.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const before = await snapshot();
    const r = await register(from, { token, password: PASSWORD, privacyAccepted: true });
    expect(r).toEqual({ status: 200, body: { login: 'nuova.cliente@example.it' } });

    const user = await one<{
      id: number;
      name: string;
      email: string;
      role: string;
      pro_id: number | null;
      client_id: number;
      permissions: string[];
      active: boolean;
      password_hash: string;
    }>('select * from users where login = $1', ['nuova.cliente@example.it']);
    expect(user).toMatchObject({
      name: 'Nuova Cliente',
      email: 'Nuova.Cliente@Example.it',
      role: 'BASIC',
      pro_id: null,
      client_id: clientId,
      permissions: [],
      active: true,
    });
    expect(user.password_hash).toMatch(/^scrypt\$/);
    expect(user.password_hash).not.toContain(PASSWORD);
    const inv = await one<{ used_at: Date | null; revoked_at: Date | null }>(
      'select used_at, revoked_at from client_invitations where token_hash = $1',
      [hashLinkToken(token)],
    );
    expect(inv.used_at).not.toBeNull();
    expect(inv.revoked_at).toBeNull();
    const entry = await one<{
      actor_id: string;
      actor_role: string;
      entity_id: string;
      after: Record<string, unknown>;
    }>(
      "select actor_id, actor_role, entity_id, after from audit_log where action = 'register' and entity = 'user' order by id desc limit 1",
    );
    expect(entry).toMatchObject({ actor_id: String(user.id), actor_role: 'BASIC', entity_id: String(user.id) });
    expect(entry.after).toMatchObject({ login: 'nuova.cliente@example.it', clientId, privacyAccepted: true });
    const after = await snapshot();
    expect(after).toEqual({ ...before, users: before.users + 1, audits: before.audits + 1, used: before.used + 1 });

    // The new account signs in through the embedded issuer with the address as login (any case).
    for (const login of ['nuova.cliente@example.it', 'Nuova.Cliente@Example.it']) {
      const signed = await signIn(t.url, login, PASSWORD);
      expect(decodeJwt(signed.accessToken)).toMatchObject({ sub: String(user.id), role: 'BASIC' });
      const me = await callApi(t, new Map([['me', signed.accessToken]]), 'me', 'GET', '/api/v1/user/me');
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ role: 'BASIC', name: 'Nuova Cliente', clientId, proId: null });
    }

    // One time only: the link now answers 410, and nothing more is written.
    expect(await info(from, token)).toMatchObject({ status: 410, body: { code: 'token_used' } });
    const again = await register(from, { token, password: 'altra-password-lunga', privacyAccepted: true });
    expect(again).toMatchObject({ status: 410, body: { code: 'token_used' } });
    expect(await snapshot()).toEqual(after);
    // The adviser cannot invite a registered client again.
    const reinvite = await callApi(t, tokens, 'pro', 'GET', `/api/v1/user/client/${clientId}/invite`);
    expect(reinvite).toMatchObject({ status: 409, body: { code: 'client_already_registered' } });
  });

  test('the calls need no session and are public in the API documents', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = JSON.parse(res.body);
    const path = doc.paths['/api/v1/register/client'];
    expect(path.get.security).toBeUndefined();
    expect(path.post.security).toBeUndefined();
    expect(doc.paths['/api/v1/user/me'].get.security).toBeDefined();
  });

  test('two registrations with the same link at once: one account, the other answers 410', async () => {
    const from = newAddress();
    const clientId = await newClient('Doppia', 'Richiesta');
    const token = await invite(clientId, 'doppia@example.it');
    const before = await snapshot();
    const results = await Promise.all([
      register(from, { token, password: PASSWORD, privacyAccepted: true }),
      register(from, { token, password: 'unaltra-password', privacyAccepted: true }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 410]);
    expect(results.find((r) => r.status === 410)?.body.code).toBe('token_used');
    expect(await snapshot()).toMatchObject({ users: before.users + 1, used: before.used + 1 });
    const { n } = await one<{ n: number }>('select count(*)::int as n from users where client_id = $1', [clientId]);
    expect(n).toBe(1);
  });
});

describe('links that do not work', () => {
  test('an unknown token answers 404 invalid_token', async () => {
    const from = newAddress();
    const before = await snapshot();
    expect(await info(from, 'no-such-token')).toMatchObject({ status: 404, body: { code: 'invalid_token' } });
    const r = await register(from, { token: 'no-such-token', password: PASSWORD, privacyAccepted: true });
    expect(r).toMatchObject({ status: 404, body: { code: 'invalid_token' } });
    expect(await snapshot()).toEqual(before);
    // No token at all is bad input.
    expect((await pub(from, 'GET', REGISTER_URL)).status).toBe(400);
  });

  test('a resend revokes the old link (410 token_revoked); the new one works', async () => {
    const from = newAddress();
    const clientId = await newClient('Reinvio', 'Link');
    const oldToken = await invite(clientId, 'reinvio@example.it');
    const resend = await callApi(t, tokens, 'pro', 'GET', `/api/v1/user/client/${clientId}/invite`);
    expect(resend.status).toBe(200);
    const newToken = await tokenFromOutbox(clientId);
    expect(newToken).not.toBe(oldToken);

    const before = await snapshot();
    expect(await info(from, oldToken)).toMatchObject({ status: 410, body: { code: 'token_revoked' } });
    const r = await register(from, { token: oldToken, password: PASSWORD, privacyAccepted: true });
    expect(r).toMatchObject({ status: 410, body: { code: 'token_revoked' } });
    expect(await snapshot()).toEqual(before);

    expect(await info(from, newToken)).toMatchObject({ status: 200, body: { email: 'reinvio@example.it' } });
    const ok = await register(from, { token: newToken, password: PASSWORD, privacyAccepted: true });
    expect(ok).toEqual({ status: 200, body: { login: 'reinvio@example.it' } });
  });

  test('an expired link answers 410 token_expired and writes nothing', async () => {
    const from = newAddress();
    const clientId = await newClient('Scaduto', 'Invito');
    const token = await invite(clientId, 'scaduto@example.it');
    await t.app.db.query(
      "update client_invitations set expires_at = now() - interval '1 minute' where token_hash = $1",
      [hashLinkToken(token)],
    );
    const before = await snapshot();
    expect(await info(from, token)).toMatchObject({ status: 410, body: { code: 'token_expired' } });
    const r = await register(from, { token, password: PASSWORD, privacyAccepted: true });
    expect(r).toMatchObject({ status: 410, body: { code: 'token_expired' } });
    expect(await snapshot()).toEqual(before);
  });
});

describe('bad input and existing accounts', () => {
  test('weak passwords and a missing privacy consent answer 400 with the field, and write nothing', async () => {
    const from = newAddress();
    const clientId = await newClient('Password', 'Debole');
    const token = await invite(clientId, 'Password.Debole@example.it');
    const before = await snapshot();
    const cases: Array<[Record<string, unknown>, string, string | null]> = [
      [{ token, password: 'corta', privacyAccepted: true }, 'body.password', null],
      [{ token, password: '   corta    ', privacyAccepted: true }, 'body.password', 'too_short'],
      [{ token, password: 'password.debole@example.it', privacyAccepted: true }, 'body.password', 'same_as_email'],
      [{ token, password: ' PASSWORD.DEBOLE@EXAMPLE.IT ', privacyAccepted: true }, 'body.password', 'same_as_email'],
      [{ token, password: PASSWORD, privacyAccepted: false }, 'body.privacyAccepted', null],
      [{ token, password: PASSWORD }, 'body.privacyAccepted', null],
      [{ token, password: 'x'.repeat(1025), privacyAccepted: true }, 'body.password', null],
      [{ token, password: PASSWORD, privacyAccepted: true, role: 'ADMIN' }, 'body.role', null],
    ];
    for (const [body, field, message] of cases) {
      const r = await register(from, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.code).toBe('VALIDATION');
      expect(r.body.fields.map((f: { field: string }) => f.field)).toContain(field);
      if (message) expect(r.body.fields).toContainEqual({ field, message });
    }
    expect(await snapshot()).toEqual(before);
    // The link still works after the rejected attempts.
    expect((await info(from, token)).status).toBe(200);
    expect((await register(from, { token, password: PASSWORD, privacyAccepted: true })).status).toBe(200);
  });

  test('a client who got an account meanwhile answers 409 client_already_registered', async () => {
    const from = newAddress();
    const clientId = await newClient('Già', 'Registrato');
    const token = await invite(clientId, 'gia.registrato@example.it');
    await t.app.db.query(
      "insert into users (login, name, role, client_id) values ('altro-accesso@example.it', 'Già Registrato', 'BASIC', $1)",
      [clientId],
    );
    const before = await snapshot();
    expect(await info(from, token)).toMatchObject({ status: 409, body: { code: 'client_already_registered' } });
    const r = await register(from, { token, password: PASSWORD, privacyAccepted: true });
    expect(r).toMatchObject({ status: 409, body: { code: 'client_already_registered' } });
    expect(await snapshot()).toEqual(before);
  });

  test('an address that is already a login answers 409 login_taken', async () => {
    const from = newAddress();
    await t.app.db.query(
      "insert into users (login, name, role) values ('occupato@example.it', 'Consulente Occupato', 'PRO')",
    );
    const clientId = await newClient('Login', 'Occupato');
    const token = await invite(clientId, 'Occupato@Example.it');
    const before = await snapshot();
    expect(await info(from, token)).toMatchObject({ status: 409, body: { code: 'login_taken' } });
    const r = await register(from, { token, password: PASSWORD, privacyAccepted: true });
    expect(r).toMatchObject({ status: 409, body: { code: 'login_taken' } });
    expect(await snapshot()).toEqual(before);
  });
});

describe('throttle', () => {
  test('repeated bad links from one address are slowed down, like sign-in failures; a real link clears it', async () => {
    const from = newAddress();
    const other = newAddress();
    for (let i = 0; i < 3; i++) expect((await info(from, `guess-${i}`)).status).toBe(404);
    const started = Date.now();
    expect((await info(from, 'guess-3')).status).toBe(404);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    // Another address is not slowed down.
    const quick = Date.now();
    expect((await info(other, 'guess-0')).status).toBe(404);
    expect(Date.now() - quick).toBeLessThan(900);
    // A working link ends the streak.
    const clientId = await newClient('Link', 'Valido');
    const token = await invite(clientId, 'link.valido@example.it');
    expect((await info(from, token)).status).toBe(200);
    const { n } = await one<{ n: number }>('select count(*)::int as n from sign_in_failures where login = $1', [
      `register-client ${from}`,
    ]);
    expect(n).toBe(0);
  });

  test('X-Forwarded-For from a caller that is no trusted proxy (TRUST_PROXY unset) neither resets nor moves the count', async () => {
    const from = newAddress();
    const failures = async (address: string) =>
      (
        await one<{ failures: number } | undefined>('select failures from sign_in_failures where login = $1', [
          `register-client ${address}`,
        ])
      )?.failures ?? 0;
    for (const forged of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${REGISTER_URL}?token=guess-${forged}`,
        remoteAddress: from,
        headers: { 'x-forwarded-for': forged },
      });
      expect(res.statusCode).toBe(404);
      expect(await failures(forged)).toBe(0);
    }
    expect(await failures(from)).toBe(3);
  });
});
