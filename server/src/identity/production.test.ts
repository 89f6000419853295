// In production (NODE_ENV=production) the sign-in page never lists the demo accounts.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../db/seed-demo.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { decodeJwt, openSignInPage, signIn } from './test-sign-in.ts';

let p: TestApp;

beforeAll(async () => {
  p = await createTestApp({ listen: true, env: { NODE_ENV: 'production' } });
});

afterAll(async () => {
  await p?.close();
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
  const tokens = await signIn(p.url, 'backoffice', DEMO_PASSWORD);
  expect(decodeJwt(tokens.accessToken).role).toBe('BACK_OFFICE');
});
