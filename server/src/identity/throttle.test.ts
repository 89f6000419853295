// Throttling of sign-in and of service-account secrets, per account and per source address, and forwarded headers
// taken only from the proxies TRUST_PROXY names: X-Forwarded-For from anyone else changes no counter, and no header
// changes the issuer's own address (PUBLIC_URL).
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_REPORT_CLIENT } from '../db/demo/service-accounts.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { hashPassword } from './password.ts';
import { createServiceAccount } from './service-accounts.ts';
import { decodeJwt, openSignInPage, signIn, submitSignIn } from './test-sign-in.ts';
import { FAILURE_WINDOW_MINUTES, MAX_FAILURES, SOURCE_LIMITS } from './throttle.ts';

/** Behind a proxy on loopback (TRUST_PROXY=127.0.0.1): X-Forwarded-For names the caller. */
let proxied: TestApp;
/** TRUST_PROXY unset: the caller is the connection's address, whatever the headers say. */
let direct: TestApp;

beforeAll(async () => {
  proxied = await createTestApp({ listen: true, env: { TRUST_PROXY: '127.0.0.1' } });
  direct = await createTestApp({ listen: true });
});

afterAll(async () => {
  await proxied?.close();
  await direct?.close();
});

let nextSource = 1;
/** A new documentation address (RFC 5737) for each simulated caller. */
const newSource = () => `203.0.113.${nextSource++}`;
const from = (address: string, extra: Record<string, string> = {}) => ({
  headers: { 'x-forwarded-for': address, ...extra },
});

/** One sign-in attempt (the form opened and posted) with these headers. */
async function attempt(app: TestApp, login: string, password: string, headers: Record<string, string>, lang = 'it') {
  const page = await openSignInPage(app.url, { uiLocales: lang, headers });
  const result = await submitSignIn(page, login, password);
  if ('code' in result) return { status: 303, error: null, retryAfter: null };
  return { status: result.status, error: result.error, retryAfter: result.retryAfter };
}

const PASSWORD = 'a-long-test-password';

async function insertUser(app: TestApp, login: string): Promise<void> {
  await app.app.db.query(`insert into users (login, password_hash, name, role) values ($1, $2, $3, 'PRO')`, [
    login,
    await hashPassword(PASSWORD),
    `Test ${login}`,
  ]);
}

describe('sign-in throttling', () => {
  it(`refuses guesses on one account from the ${MAX_FAILURES + 1}th recent failure on, in parallel and from any address, even with the right password`, async () => {
    await insertUser(proxied, 'guessed');
    const guesses = MAX_FAILURES + 2;
    const pages = await Promise.all(
      Array.from({ length: guesses }, () => openSignInPage(proxied.url, from(newSource()))),
    );
    const results = await Promise.all(pages.map((page) => submitSignIn(page, 'guessed', 'wrong-guess')));
    const statuses = results.map((r) => ('code' in r ? 303 : r.status));
    expect(statuses.filter((s) => s === 200)).toHaveLength(MAX_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    const refused = results.find((r) => !('code' in r) && r.status === 429);
    expect(refused && !('code' in refused) ? refused.retryAfter : null).toBe(String(FAILURE_WINDOW_MINUTES * 60));

    // The right password now, from yet another address: refused as well, with the message in the page's language.
    const it = await attempt(proxied, 'guessed', PASSWORD, from(newSource()).headers);
    expect(it).toEqual({
      status: 429,
      error: `Troppi tentativi di accesso. Riprova tra ${FAILURE_WINDOW_MINUTES} minuti.`,
      retryAfter: String(FAILURE_WINDOW_MINUTES * 60),
    });
    const en = await attempt(proxied, 'guessed', PASSWORD, from(newSource()).headers, 'en');
    expect(en).toMatchObject({
      status: 429,
      error: `Too many sign-in attempts. Try again in ${FAILURE_WINDOW_MINUTES} minutes.`,
    });
    // Another account is not affected.
    await insertUser(proxied, 'untouched');
    expect(decodeJwt((await signIn(proxied.url, 'untouched', PASSWORD, from(newSource()))).accessToken).role).toBe(
      'PRO',
    );
  });

  it(`slows password spraying: from one address, ${SOURCE_LIMITS.signIn.max} attempts a minute on any accounts`, async () => {
    const sprayer = newSource();
    for (let i = 0; i < SOURCE_LIMITS.signIn.max; i++) {
      const r = await attempt(proxied, `sprayed-${i}`, 'Spring2026!', from(sprayer).headers);
      expect(r).toMatchObject({ status: 200, error: 'Nome utente o password non corretti' });
    }
    const refused = await attempt(proxied, 'sprayed-last', 'Spring2026!', from(sprayer).headers);
    expect(refused).toMatchObject({ status: 429, error: 'Troppi tentativi di accesso. Riprova tra un minuto.' });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(SOURCE_LIMITS.signIn.timeWindow / 1000);
    // Another address goes on.
    expect(await attempt(proxied, 'sprayed-last', 'Spring2026!', from(newSource()).headers)).toMatchObject({
      status: 200,
    });
  });
});

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

async function clientCredentials(app: TestApp, clientId: string, secret: string, headers: Record<string, string>) {
  const res = await fetch(`${app.url}/oidc/token`, {
    method: 'POST',
    headers: {
      ...headers,
      'content-type': 'application/x-www-form-urlencoded',
      authorization: basic(clientId, secret),
    },
    body: 'grant_type=client_credentials',
  });
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    body: (await res.json()) as Record<string, unknown>,
  };
}

describe('service-account secrets (client credentials)', () => {
  it(`refuses secrets for one account from the ${MAX_FAILURES + 1}th recent failure on, with 429 and Retry-After`, async () => {
    const { rows } = await proxied.app.db.query<{ id: number }>(`select id from users where login = 'pro'`);
    await createServiceAccount(proxied.app.db, {
      clientId: 'guessed-batch',
      name: 'Guessed batch',
      secret: 'the-real-secret',
      userId: Number(rows[0]?.id),
    });
    const results = await Promise.all(
      Array.from({ length: MAX_FAILURES + 2 }, () =>
        clientCredentials(proxied, 'guessed-batch', 'wrong-secret', from(newSource()).headers),
      ),
    );
    expect(results.filter((r) => r.status === 401)).toHaveLength(MAX_FAILURES);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(2);
    expect(refused[0]).toMatchObject({ retryAfter: String(FAILURE_WINDOW_MINUTES * 60), body: { error: 'slow_down' } });
    // The right secret is refused too until the window has passed; another account is not affected.
    const right = await clientCredentials(proxied, 'guessed-batch', 'the-real-secret', from(newSource()).headers);
    expect(right.status).toBe(429);
    const other = await clientCredentials(
      proxied,
      DEMO_REPORT_CLIENT.clientId,
      DEMO_REPORT_CLIENT.secret,
      from(newSource()).headers,
    );
    expect(other.status).toBe(200);
  });

  it(`limits token requests per address to ${SOURCE_LIMITS.token.max} a minute`, async () => {
    const caller = newSource();
    for (let i = 0; i < SOURCE_LIMITS.token.max; i++) {
      expect((await clientCredentials(proxied, `no-such-client-${i}`, 'x', from(caller).headers)).status).toBe(401);
    }
    const refused = await clientCredentials(proxied, 'no-such-client', 'x', from(caller).headers);
    expect(refused).toMatchObject({ status: 429, body: { error: 'slow_down' } });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect((await clientCredentials(proxied, 'no-such-client', 'x', from(newSource()).headers)).status).toBe(401);
  });
});

describe('forwarded headers, trusted only from TRUST_PROXY', () => {
  it('does not let X-Forwarded-For from an untrusted caller reset the sign-in limit of its address', async () => {
    for (let i = 0; i < SOURCE_LIMITS.signIn.max; i++) {
      const r = await attempt(direct, `forged-${i}`, 'guess', from(newSource()).headers);
      expect(r.status).toBe(200);
    }
    expect((await attempt(direct, 'forged-last', 'guess', from(newSource()).headers)).status).toBe(429);
    const keys = await direct.app.db.query<{ key: string }>(`select key from rate_limits where key like 'signIn %'`);
    expect(keys.rows.map((r) => r.key)).toEqual(['signIn 127.0.0.1']);
  });

  it("keys the registration-link throttle by the caller's real address (the forwarded one only from a trusted proxy)", async () => {
    const failures = async (app: TestApp, address: string) =>
      (
        await app.app.db.query<{ failures: number }>('select failures from sign_in_failures where login = $1', [
          `register-client ${address}`,
        ])
      ).rows[0]?.failures ?? 0;
    const forged = [newSource(), newSource()];
    for (const address of forged) {
      const res = await fetch(`${direct.url}/api/v1/register/client?token=not-a-token`, {
        headers: { 'x-forwarded-for': address },
      });
      expect(res.status).toBe(404);
    }
    expect(await failures(direct, '127.0.0.1')).toBe(2);
    for (const address of forged) expect(await failures(direct, address)).toBe(0);

    const real = newSource();
    const res = await fetch(`${proxied.url}/api/v1/register/client?token=not-a-token`, {
      headers: { 'x-forwarded-for': real },
    });
    expect(res.status).toBe(404);
    expect(await failures(proxied, real)).toBe(1);
    expect(await failures(proxied, '127.0.0.1')).toBe(0);
  });

  /** GET with any headers, Host included (fetch may not set it). */
  function rawGet(app: TestApp, path: string, headers: Record<string, string>) {
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL(path, app.url);
      const req = httpRequest(
        { host: '127.0.0.1', port: url.port, path: url.pathname + url.search, method: 'GET', headers },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            body += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end();
    });
  }

  const evil = {
    host: 'evil.example',
    'x-forwarded-host': 'evil.example',
    'x-forwarded-proto': 'https',
    'x-forwarded-for': '198.51.100.66',
    forwarded: 'for=198.51.100.66;host=evil.example;proto=https',
  };

  /** Every string in a JSON value that holds a URL. */
  const urlsIn = (value: unknown): string[] =>
    typeof value === 'string'
      ? value.includes('://')
        ? [value]
        : []
      : Array.isArray(value)
        ? value.flatMap(urlsIn)
        : value && typeof value === 'object'
          ? Object.values(value).flatMap(urlsIn)
          : [];

  it('takes the discovery document and the sign-in redirects from PUBLIC_URL, never from Host or X-Forwarded-* headers', async () => {
    for (const app of [direct, proxied]) {
      const res = await rawGet(app, '/oidc/.well-known/openid-configuration', evil);
      expect(res.status).toBe(200);
      const doc = JSON.parse(res.body) as Record<string, unknown>;
      expect(doc.issuer).toBe(`${app.config.publicUrl}/oidc`);
      const urls = urlsIn(doc);
      expect(urls.length).toBeGreaterThanOrEqual(5);
      for (const url of urls) expect(url.startsWith(`${app.config.publicUrl}/`)).toBe(true);
      expect(res.body).not.toContain('evil.example');
    }
    // A whole sign-in through the trusted proxy with a forwarded host: the tokens name PUBLIC_URL's issuer.
    const tokens = await signIn(proxied.url, 'pro', 'patrimonio', {
      headers: { 'x-forwarded-for': newSource(), 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    expect(decodeJwt(tokens.accessToken).iss).toBe(`${proxied.config.publicUrl}/oidc`);
    expect(decodeJwt(tokens.idToken).iss).toBe(`${proxied.config.publicUrl}/oidc`);
  });
});
