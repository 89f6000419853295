// In production (NODE_ENV=production) the sign-in page never lists the demo accounts, and a new database has none.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../db/seed-demo.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { hashPassword } from './password.ts';
import { decodeJwt, openSignInPage, signIn } from './test-sign-in.ts';

let p: TestApp;

beforeAll(async () => {
  p = await createTestApp({ listen: true, env: { NODE_ENV: 'production' } });
  await p.app.db.query(`insert into users (login, password_hash, name, role) values ($1, $2, $3, 'BACK_OFFICE')`, [
    'operations',
    await hashPassword('a password of its own'),
    'Operations',
  ]);
});

afterAll(async () => {
  await p?.close();
});

it('seeds no demo data', async () => {
  expect(p.config.seedDemo).toBe(false);
  const { rows } = await p.app.db.query<{ n: number }>(
    'select (select count(*) from users where login <> $1)::int + (select count(*) from clients)::int as n',
    ['operations'],
  );
  expect(rows[0]!.n).toBe(0);
});

it('lists no demo accounts on the sign-in page', async () => {
  expect(p.config.dev).toBe(false);
  for (const uiLocales of ['it', 'en']) {
    const page = await openSignInPage(p.url, { uiLocales });
    expect(page.status).toBe(200);
    expect(page.html).toContain('name="login"');
    expect(page.html).not.toContain('data-login');
    expect(page.html).not.toContain(DEMO_PASSWORD);
    expect(page.html).not.toMatch(/Account dimostrativi|Demo accounts|backoffice|delegate2/);
  }
});

it('still signs in existing users', async () => {
  const tokens = await signIn(p.url, 'operations', 'a password of its own');
  expect(decodeJwt(tokens.accessToken).role).toBe('BACK_OFFICE');
});
