// The issuer's password-reset page (issue 17): an ADMIN creates a user, the welcome link read from the mail outbox
// opens the page (Italian and English, no script), weak and mismatched passwords are refused, the password chosen
// then signs in through the real issuer, and the link works once. Expired, replaced, unknown links and those of a
// deactivated user are refused, and nothing is written then.
import { MIN_PASSWORD_LENGTH } from '@patrimonio/shared-api';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMailer } from '../mail/outbox.ts';
import { callApi } from '../testing/api-caller.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { requestPasswordReset } from './password-reset.ts';
import { signIn } from './test-sign-in.ts';

let t: TestApp;
const tokens = new Map<string, string>();
const PAGE = '/oidc/password/reset';
const PASSWORD = 'Una password nuova 2024';
let adminId: string;

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  tokens.set('admin', (await signIn(t.url, 'admin', 'patrimonio')).accessToken);
  adminId = String((await t.app.db.query<{ id: number }>(`select id from users where login = 'admin'`)).rows[0]!.id);
});
afterAll(async () => {
  await t?.close();
});

const admin = (method: string, url: string, body?: unknown) => callApi(t, tokens, 'admin', method, url, body);

let seq = 0;
/** A new PRO created by the ADMIN, and the token of its welcome mail. */
async function newUser(): Promise<{ id: number; login: string; token: string }> {
  const login = `nuovo.utente${++seq}`;
  const r = await admin('POST', '/api/v1/users', {
    login,
    name: `Nuovo Utente ${seq}`,
    email: `${login}@example.it`,
    role: 'PRO',
    permissions: [],
    clientId: null,
    proId: null,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { id: r.body.user.id, login, token: await tokenOf(`${login}@example.it`) };
}

async function tokenOf(to: string): Promise<string> {
  const { rows } = await t.app.db.query<{ body_text: string }>(
    'select body_text from mail_outbox where to_address = $1 order by id desc limit 1',
    [to],
  );
  const token = /\/oidc\/password\/reset\?token=([A-Za-z0-9_-]+)/.exec(rows[0]?.body_text ?? '')?.[1];
  if (!token) throw new Error(`no link mailed to ${to}`);
  return token;
}

/** Each test from its own address, so the page's per-address limit of one does not touch another. */
let address = 1;
const from = () => `10.17.0.${address++}`;

async function open(token: string, ip: string, lang?: string) {
  const query = new URLSearchParams({ token, ...(lang ? { lang } : {}) });
  const res = await t.app.inject({ method: 'GET', url: `${PAGE}?${query}`, remoteAddress: ip });
  return { status: res.statusCode, html: res.body, headers: res.headers };
}

async function post(fields: Record<string, string>, ip: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: PAGE,
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  const alert = /role="alert"[^>]*>([^<]*)</.exec(res.body)?.[1] ?? null;
  return { status: res.statusCode, html: res.body, alert };
}

const written = async () =>
  (
    await t.app.db.query<Record<string, unknown>>(
      `select (select md5(string_agg(id || coalesce(password_hash, ''), ',' order by id)) from users) as passwords,
              (select md5(string_agg(id || coalesce(used_at::text, ''), ',' order by id)) from password_reset_tokens) as links,
              (select count(*)::int from audit_log) as audit,
              (select count(*)::int from mail_outbox) as mails`,
    )
  ).rows[0];

describe('the page of a welcome link', () => {
  test('shows the login and the rules, in Italian by default and in English, without any script', async () => {
    const user = await newUser();
    const ip = from();
    const it = await open(user.token, ip);
    expect(it.status).toBe(200);
    expect(it.html).toContain('<html lang="it">');
    expect(it.html).toContain('Scegli la password');
    expect(it.html).toContain(`value="${user.login}"`);
    expect(it.html).toContain(`avere almeno ${MIN_PASSWORD_LENGTH} caratteri`);
    expect(it.html).toContain("essere diversa dal nome utente e dall'indirizzo email".replace("'", '&#39;'));
    expect(it.html).not.toContain('<script');
    expect(it.headers['content-security-policy']).toMatch(/script-src 'nonce-[^']+'/);
    expect(it.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(it.headers['cache-control']).toBe('no-store');
    expect(it.headers['referrer-policy']).toBe('no-referrer');
    // The language switch keeps the token.
    expect(it.html).toContain(`href="${PAGE}?token=${user.token}&amp;lang=en"`);

    const en = await open(user.token, ip, 'en');
    expect(en.html).toContain('<html lang="en">');
    expect(en.html).toContain('Choose your password');
    expect(en.html).toContain(`have at least ${MIN_PASSWORD_LENGTH} characters`);
  });

  test('refuses weak or mismatched passwords, showing the form again, and writes nothing', async () => {
    const user = await newUser();
    const ip = from();
    const before = await written();
    const cases: [Record<string, string>, string][] = [
      [{ password: 'corta', confirm: 'corta' }, `La password deve avere almeno ${MIN_PASSWORD_LENGTH} caratteri.`],
      [{ password: '   nove123   ', confirm: '   nove123   ' }, `almeno ${MIN_PASSWORD_LENGTH} caratteri`],
      [{ password: user.login.toUpperCase(), confirm: user.login.toUpperCase() }, 'nome utente'],
      [{ password: `${user.login}@example.it`, confirm: `${user.login}@example.it` }, 'indirizzo email'],
      [{ password: PASSWORD, confirm: `${PASSWORD}!` }, 'Le due password non coincidono.'],
      [{ password: PASSWORD, confirm: '' }, 'Scrivi la nuova password nei due campi.'],
    ];
    for (const [fields, message] of cases) {
      const r = await post({ token: user.token, lang: 'it', ...fields }, ip);
      expect(r.status, JSON.stringify(fields)).toBe(400);
      expect(r.alert, JSON.stringify(fields)).toContain(message);
      expect(r.html).toContain(`name="token" value="${user.token}"`);
    }
    const en = await post({ token: user.token, lang: 'en', password: PASSWORD, confirm: 'other' }, ip);
    expect(en.alert).toBe('The two passwords differ.');
    expect(await written()).toEqual(before);
  });

  test('sets the password: the user then signs in through the real issuer; the link works once', async () => {
    const user = await newUser();
    const ip = from();
    await expect(signIn(t.url, user.login, PASSWORD)).rejects.toThrow(/sign-in of .* failed/);

    const done = await post({ token: user.token, lang: 'it', password: PASSWORD, confirm: PASSWORD }, ip);
    expect(done.status).toBe(200);
    expect(done.html).toContain('Password salvata');
    expect(done.html).toContain(`href="${t.url}/login"`);
    expect(done.html).not.toContain('<script');

    const tokensOfUser = await signIn(t.url, user.login, PASSWORD);
    expect(tokensOfUser.accessToken).toBeTruthy();
    const shown = await admin('GET', `/api/v1/users/${user.id}`);
    expect(shown.body).toMatchObject({ passwordSet: true, lastSignInAt: expect.any(String) });
    const audit = (
      await t.app.db.query<{ action: string; actor_id: string }>(
        `select action, actor_id from audit_log where entity = 'user' and entity_id = $1 order by id`,
        [String(user.id)],
      )
    ).rows;
    expect(audit.map((a) => [a.action, a.actor_id])).toEqual([
      ['create', adminId],
      ['password_link', adminId],
      ['password_set', String(user.id)],
    ]);

    // Used: refused, the password stays the one chosen.
    const before = await written();
    const again = await open(user.token, ip);
    expect(again.status).toBe(410);
    expect(again.html).toContain('Il collegamento è già stato usato');
    const reuse = await post(
      { token: user.token, password: 'Un altra password 2025', confirm: 'Un altra password 2025' },
      ip,
    );
    expect(reuse.status).toBe(410);
    expect(reuse.alert).toContain('già stato usato');
    expect(await written()).toEqual(before);
    await expect(signIn(t.url, user.login, PASSWORD)).resolves.toBeTruthy();
  });
});

describe('links that do not work', () => {
  test('expired (after 24 hours): refused on the page and on the form', async () => {
    const user = await newUser();
    const ip = from();
    await t.app.db.query(
      `update password_reset_tokens set expires_at = now() - interval '1 second' where user_id = $1`,
      [user.id],
    );
    const before = await written();
    const page = await open(user.token, ip, 'en');
    expect(page.status).toBe(410);
    expect(page.html).toContain('The link has expired (it lasts 24 hours)');
    const form = await post({ token: user.token, password: PASSWORD, confirm: PASSWORD }, ip);
    expect(form.status).toBe(410);
    expect(form.alert).toContain('scaduto');
    expect(await written()).toEqual(before);
    await expect(signIn(t.url, user.login, PASSWORD)).rejects.toThrow();
  });

  test('replaced by a newer link, unknown, and of a deactivated user', async () => {
    const user = await newUser();
    const ip = from();
    const reset = await admin('POST', `/api/v1/users/${user.id}/reset-password`);
    expect(reset.status).toBe(200);
    const newer = await tokenOf(`${user.login}@example.it`);
    expect((await open(user.token, ip)).html).toContain('sostituito da uno più recente');
    expect((await open(user.token, ip)).status).toBe(410);
    const unknown = await open('x'.repeat(43), ip);
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain('Il collegamento non è valido');
    expect((await open('', ip)).status).toBe(404);
    expect((await post({ token: 'y'.repeat(500), password: PASSWORD, confirm: PASSWORD }, ip)).status).toBe(404);

    await admin('PUT', `/api/v1/users/${user.id}`, {
      name: 'Nuovo Utente',
      email: `${user.login}@example.it`,
      permissions: [],
      clientId: null,
      proId: null,
      active: false,
    });
    const before = await written();
    const inactive = await post({ token: newer, password: PASSWORD, confirm: PASSWORD }, ip);
    expect(inactive.status).toBe(410);
    expect(inactive.alert).toContain('disattivato');
    expect(await written()).toEqual(before);
  });

  test('too many calls from one address: 429 with Retry-After', async () => {
    const ip = from();
    let last = 0;
    let retryAfter: unknown;
    for (let i = 0; i < 25 && last !== 429; i++) {
      const r = await open('z'.repeat(43), ip);
      last = r.status;
      retryAfter = r.headers['retry-after'];
    }
    expect(last).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});

describe('with an outside issuer (OIDC_ISSUER)', () => {
  test('no password of ours to reset: 409 external_issuer, nothing written', async () => {
    const user = await newUser();
    const config = { ...t.config, oidc: { ...t.config.oidc, issuer: 'https://idp.example.com/realms/patrimonio' } };
    const mailer = createMailer({ db: t.app.db, log: t.app.log });
    const before = await written();
    await expect(requestPasswordReset({ db: t.app.db, config, mailer }, user.id, null)).rejects.toMatchObject({
      statusCode: 409,
      code: 'external_issuer',
    });
    expect(await written()).toEqual(before);
  });
});
