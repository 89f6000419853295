// Route tests for a professional's own registration (issue 19): the form's checks (VAT number, password rules, legal
// documents), the unconfirmed account that cannot sign in, the mailed link that confirms it and starts the trial, then
// a real sign-in as PRO; taken addresses, a second registration of an unconfirmed address (fresh link), used, replaced
// and unknown links, and the per-address mail limit. On every refusal nothing is written.
import { PRO_TRIAL_DAYS, vatCheckDigit } from '@patrimonio/shared-api';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { decodeJwt, signIn } from '../identity/test-sign-in.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { MAILS_PER_ADDRESS } from './pro-registration.ts';

let t: TestApp;
const URL_REGISTER = '/api/v1/register/pro';
const URL_CONFIRM = '/api/v1/register/pro/confirm';
const PASSWORD = 'Studio-Rossi-2026';

beforeAll(async () => {
  t = await createTestApp({ listen: true });
});
afterAll(async () => {
  await t?.close();
});

/** A valid VAT number from 10 digits. */
const vat = (first10: string) => `${first10}${vatCheckDigit(first10)}`;

let seq = 0;
const newAddress = () => `10.19.0.${++seq}`;

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked by the assertions
async function pub(from: string, url: string, body: unknown): Promise<{ status: number; body: any }> {
  const res = await t.app.inject({
    method: 'POST',
    url,
    remoteAddress: from,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

const form = (email: string, extra: Record<string, unknown> = {}) => ({
  firstName: 'Marta',
  lastName: 'Rossi',
  email,
  vat: vat('0123456789'),
  registerNumber: 'OCF12345',
  password: PASSWORD,
  termsAccepted: true,
  privacyAccepted: true,
  ...extra,
});

async function one<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T> {
  return (await t.app.db.query<T>(sql, params)).rows[0]!;
}

async function tokenOf(to: string): Promise<string> {
  const mail = await one<{ body_text: string }>(
    `select body_text from mail_outbox where lower(to_address) = lower($1) and kind = 'pro_registration'
      order by id desc limit 1`,
    [to],
  );
  const token = /\/register-pro\?token=([A-Za-z0-9_-]+)/.exec(mail?.body_text ?? '')?.[1];
  if (!token) throw new Error(`no confirmation link mailed to ${to}`);
  return token;
}

const written = () =>
  one<Record<string, number>>(
    `select (select count(*)::int from users) as users, (select count(*)::int from pro_registrations) as regs,
            (select count(*)::int from pro_confirmation_tokens) as links, (select count(*)::int from mail_outbox) as mails,
            (select count(*)::int from audit_log) as audits`,
  );

describe('professional registration', () => {
  test('register, cannot sign in before confirming, confirm by the mailed link, sign in as PRO with a trial', async () => {
    const ip = newAddress();
    const r = await pub(ip, URL_REGISTER, form('Marta.Rossi@Studio.it'));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.email).toBe('Marta.Rossi@Studio.it');
    const user = await one<{ id: number; role: string; active: boolean; login: string; name: string }>(
      `select id, role, active, login, name from users where login = 'marta.rossi@studio.it'`,
    );
    expect(user).toMatchObject({ role: 'PRO', active: false, name: 'Marta Rossi' });
    const reg = await one<Record<string, unknown>>('select * from pro_registrations where user_id = $1', [user.id]);
    expect(reg).toMatchObject({ vat: vat('0123456789'), register_number: 'OCF12345', confirmed_at: null });
    // Only the hash of the token is stored.
    const token = await tokenOf('marta.rossi@studio.it');
    const stored = await one<{ n: number }>(
      'select count(*)::int as n from pro_confirmation_tokens where token_hash = $1',
      [token],
    );
    expect(stored.n).toBe(0);
    const audit = await one<{ action: string; actor_id: string }>(
      `select action, actor_id from audit_log where entity = 'user' and entity_id = $1 order by id desc limit 1`,
      [String(user.id)],
    );
    expect(audit).toEqual({ action: 'register', actor_id: String(user.id) });

    await expect(signIn(t.url, 'marta.rossi@studio.it', PASSWORD)).rejects.toThrow();

    const confirmed = await pub(newAddress(), URL_CONFIRM, { token });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const trial = await one<{ d: string }>(`select to_char(current_date + $1::integer, 'YYYY-MM-DD') as d`, [
      PRO_TRIAL_DAYS,
    ]);
    expect(confirmed.body).toEqual({ login: 'marta.rossi@studio.it', trialUntil: trial.d });
    expect(await one('select active, subscribe, tour_steps from users where id = $1', [user.id])).toEqual({
      active: true,
      subscribe: false,
      tour_steps: null,
    });

    const tokens = await signIn(t.url, 'marta.rossi@studio.it', PASSWORD);
    expect(decodeJwt(tokens.accessToken)).toMatchObject({ role: 'PRO' });

    // The link works once.
    const again = await pub(newAddress(), URL_CONFIRM, { token });
    expect(again).toMatchObject({ status: 410, body: { code: 'token_used' } });
    // The address is now taken, with the same answer as any other account's.
    const before = await written();
    const taken = await pub(newAddress(), URL_REGISTER, form('marta.rossi@STUDIO.it'));
    expect(taken).toMatchObject({ status: 409, body: { code: 'login_taken' } });
    expect(await written()).toEqual(before);
  });

  test('409 for an account of any role with this login, nothing written', async () => {
    await t.app.db.query(
      `insert into users (login, name, email, role, active) values ('ufficio@studio.it', 'Ufficio', null, 'BACK_OFFICE', false)`,
    );
    const before = await written();
    const r = await pub(newAddress(), URL_REGISTER, form('Ufficio@Studio.it'));
    expect(r).toMatchObject({ status: 409, body: { code: 'login_taken' } });
    expect(await written()).toEqual(before);
  });

  test('400 with the fields at fault: VAT check digit, weak passwords, legal documents, register number', async () => {
    const before = await written();
    const bad = vat('0123456789').slice(0, 10) + ((Number(vat('0123456789')[10]) + 1) % 10);
    const cases: Array<[Record<string, unknown>, string, string | null]> = [
      [{ vat: bad }, 'body.vat', 'invalid_vat'],
      [{ vat: '12345' }, 'body.vat', null],
      [{ password: 'soloparolelunghe' }, 'body.password', 'too_simple'],
      [{ password: '1234567890123' }, 'body.password', 'too_simple'],
      [{ password: 'corta1!' }, 'body.password', null],
      [{ password: 'weak.one@studio.it' }, 'body.password', 'same_as_email'],
      [{ termsAccepted: false }, 'body.termsAccepted', null],
      [{ privacyAccepted: undefined }, 'body', null],
      [{ registerNumber: 'OCF 12/3' }, 'body.registerNumber', null],
      [{ email: 'not an email' }, 'body.email', null],
    ];
    for (const [extra, field, message] of cases) {
      const r = await pub(newAddress(), URL_REGISTER, form('weak.one@studio.it', extra));
      expect(r.status, JSON.stringify([extra, r.body])).toBe(400);
      const fields: Array<{ field: string; message: string }> = r.body.fields ?? [];
      expect(
        fields.some((f) => f.field.startsWith(field) && (message === null || f.message === message)),
        JSON.stringify([extra, r.body]),
      ).toBe(true);
    }
    expect(await written()).toEqual(before);
  });

  test('registering an unconfirmed address again replaces the details and revokes the older link', async () => {
    const first = await pub(newAddress(), URL_REGISTER, form('ripeti@studio.it'));
    expect(first.status).toBe(200);
    const oldToken = await tokenOf('ripeti@studio.it');
    const second = await pub(
      newAddress(),
      URL_REGISTER,
      form('ripeti@studio.it', { firstName: 'Paola', password: 'Nuova-Password-9' }),
    );
    expect(second.status).toBe(200);
    const newToken = await tokenOf('ripeti@studio.it');
    expect(newToken).not.toBe(oldToken);
    expect((await one<{ n: number }>(`select count(*)::int as n from users where login = 'ripeti@studio.it'`)).n).toBe(
      1,
    );
    expect(await pub(newAddress(), URL_CONFIRM, { token: oldToken })).toMatchObject({
      status: 410,
      body: { code: 'token_revoked' },
    });
    expect((await pub(newAddress(), URL_CONFIRM, { token: newToken })).status).toBe(200);
    await expect(signIn(t.url, 'ripeti@studio.it', PASSWORD)).rejects.toThrow();
    expect(decodeJwt((await signIn(t.url, 'ripeti@studio.it', 'Nuova-Password-9')).accessToken)).toMatchObject({
      role: 'PRO',
      name: 'Paola Rossi',
    });
  });

  test('unknown and expired links: 404 and 410, nothing activated', async () => {
    expect(await pub(newAddress(), URL_CONFIRM, { token: 'x'.repeat(43) })).toMatchObject({
      status: 404,
      body: { code: 'invalid_token' },
    });
    expect((await pub(newAddress(), URL_CONFIRM, { token: '' })).status).toBe(400);
    expect((await pub(newAddress(), URL_CONFIRM, { token: 'x'.repeat(201) })).status).toBe(400);
    await pub(newAddress(), URL_REGISTER, form('scaduto@studio.it'));
    const token = await tokenOf('scaduto@studio.it');
    await t.app.db.query(
      `update pro_confirmation_tokens set expires_at = now() - interval '1 minute'
        where user_id = (select id from users where login = 'scaduto@studio.it')`,
    );
    expect(await pub(newAddress(), URL_CONFIRM, { token })).toMatchObject({
      status: 410,
      body: { code: 'token_expired' },
    });
    expect((await one<{ active: boolean }>(`select active from users where login = 'scaduto@studio.it'`)).active).toBe(
      false,
    );
  });

  test(`an address gets at most ${MAILS_PER_ADDRESS} confirmation mails in the window, then 429`, async () => {
    for (let i = 0; i < MAILS_PER_ADDRESS; i++) {
      expect((await pub(newAddress(), URL_REGISTER, form('troppi@studio.it'))).status).toBe(200);
    }
    const before = await written();
    const r = await pub(newAddress(), URL_REGISTER, form('troppi@studio.it'));
    expect(r.status).toBe(429);
    expect(await written()).toEqual(before);
  });
});
