// The issuer's forgotten-password page (issue 19): linked from the sign-in page in both languages; the answer is the
// same whether or not an account exists; an active user with an email address, found by login or by address, gets
// the one-time reset mail (requested_by null) whose link sets the password; inactive users and users without an
// address get nothing; per-account and per-address throttles.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { FORGOT_MAILS_PER_ACCOUNT } from './password-reset.ts';
import { openSignInPage, signIn } from './test-sign-in.ts';
import { SOURCE_LIMITS } from './throttle.ts';

let t: TestApp;
const PAGE = '/oidc/password/forgot';

beforeAll(async () => {
  t = await createTestApp({ listen: true });
});
afterAll(async () => {
  await t?.close();
});

let address = 1;
const from = () => `10.19.2.${address++}`;

async function ask(login: string, ip: string, lang = 'it') {
  const res = await t.app.inject({
    method: 'POST',
    url: PAGE,
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ login, lang }).toString(),
  });
  return { status: res.statusCode, html: res.body };
}

const mails = async (to: string) =>
  (
    await t.app.db.query<{ body_text: string }>(
      `select body_text from mail_outbox where lower(to_address) = lower($1) and kind = 'password_reset' order by id`,
      [to],
    )
  ).rows;

async function newUser(login: string, email: string | null, active = true): Promise<number> {
  const { rows } = await t.app.db.query<{ id: number }>(
    `insert into users (login, name, email, role, active) values ($1, $2, $3, 'BACK_OFFICE', $4) returning id`,
    [login, `Utente ${login}`, email, active],
  );
  return Number(rows[0]!.id);
}

describe('forgotten password', () => {
  test('the sign-in page links to it; the form in Italian and English', async () => {
    const page = await openSignInPage(t.url);
    expect(page.html).toContain('Password dimenticata?');
    expect(page.html).toContain(`href="${PAGE}?lang=it"`);
    const it = await t.app.inject({ method: 'GET', url: `${PAGE}?lang=it` });
    expect(it.statusCode).toBe(200);
    expect(it.body).toContain('Nome utente o email');
    expect(it.body).not.toContain('<script');
    const en = await t.app.inject({ method: 'GET', url: `${PAGE}?lang=en` });
    expect(en.body).toContain('Username or email');
  });

  test('the same answer for an existing account, an unknown one, an inactive one and one without address', async () => {
    const id = await newUser('dimentica1', 'Dimentica1@Example.it');
    await newUser('spento1', 'spento1@example.it', false);
    await newUser('senzamail1', null);
    const answers = [];
    for (const login of ['dimentica1', 'nessuno.esiste', 'spento1', 'senzamail1']) {
      const r = await ask(login, from());
      expect(r.status).toBe(200);
      answers.push(r.html.replace(/nonce="[^"]*"/g, '').replace(/'nonce-[^']*'/g, ''));
    }
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toContain('Se esiste un account con questi dati');
    expect(await mails('spento1@example.it')).toEqual([]);
    const sent = await mails('dimentica1@example.it');
    expect(sent).toHaveLength(1);
    const link = await t.app.db.query<{ requested_by: unknown }>(
      'select requested_by from password_reset_tokens where user_id = $1',
      [id],
    );
    expect(link.rows).toEqual([{ requested_by: null }]);
    const audit = await t.app.db.query<{ actor_id: unknown; action: string }>(
      `select actor_id, action from audit_log where entity = 'user' and entity_id = $1`,
      [String(id)],
    );
    expect(audit.rows).toEqual([{ actor_id: null, action: 'password_link' }]);
  });

  test('by email address: the mailed link sets the password, then the user signs in', async () => {
    await newUser('dimentica2', 'dimentica2@example.it');
    expect((await ask('DIMENTICA2@example.it', from(), 'en')).html).toContain('If an account with these details');
    const [mail] = await mails('dimentica2@example.it');
    const token = /\/oidc\/password\/reset\?token=([A-Za-z0-9_-]+)/.exec(mail?.body_text ?? '')?.[1];
    expect(token).toBeTruthy();
    const set = await t.app.inject({
      method: 'POST',
      url: '/oidc/password/reset',
      remoteAddress: from(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token: token!, password: 'Ricordata-2026', confirm: 'Ricordata-2026' }).toString(),
    });
    expect(set.statusCode).toBe(200);
    await expect(signIn(t.url, 'dimentica2', 'Ricordata-2026')).resolves.toBeTruthy();
  });

  test(`at most ${FORGOT_MAILS_PER_ACCOUNT} mails per account in the window; the answer stays the same`, async () => {
    await newUser('dimentica3', 'dimentica3@example.it');
    for (let i = 0; i < FORGOT_MAILS_PER_ACCOUNT + 2; i++) expect((await ask('dimentica3', from())).status).toBe(200);
    expect(await mails('dimentica3@example.it')).toHaveLength(FORGOT_MAILS_PER_ACCOUNT);
  });

  test('an empty form: 400 with its message; too many requests from one address: 429', async () => {
    const ip = from();
    const empty = await ask('   ', ip);
    expect(empty.status).toBe(400);
    expect(empty.html).toContain('Scrivi il tuo nome utente o il tuo indirizzo email.');
    for (let i = 1; i < SOURCE_LIMITS.forgotPassword.max; i++) await ask('nessuno', ip);
    const limited = await ask('nessuno', ip);
    expect(limited.status).toBe(429);
    expect(limited.html).toContain('Troppi tentativi');
  });
});
