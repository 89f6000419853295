// Access tokens stop working when the user changes: the API reads the user's current role, permissions and state
// (cached for CURRENT_STATE_CACHE_MS per process), refuses a signed-out session's tokens, across API processes, and
// refuses tokens issued in the future.
import { importJWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../db/seed-demo.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { loadSecrets } from './keys.ts';
import { hashPassword } from './password.ts';
import { decodeJwt, refreshTokens, signIn } from './test-sign-in.ts';
import { CURRENT_STATE_CACHE_MS, GRANT_CLAIM } from './token-state.ts';
import { CLOCK_SKEW_SECONDS } from './verify.ts';

let a: TestApp;
/** A second API process on the same database (the issuer's address is the first one's). */
let b: TestApp;

beforeAll(async () => {
  a = await createTestApp({ listen: true });
  b = await createTestApp({ sameDatabaseAs: a, env: { PUBLIC_URL: a.url } });
});

afterAll(async () => {
  await b?.close();
  await a?.close();
});

const PENDING = '/api/v1/movement/temporary/waiting';
const PASSWORD = 'a-long-test-password';

async function call(token: string, url: string, app: TestApp = a): Promise<number> {
  const res = await app.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  return res.statusCode;
}

/** Asks until the call answers `status`; the time it took, failing when that is beyond the cache time and a margin. */
async function untilStatus(token: string, url: string, status: number, app: TestApp = a): Promise<number> {
  const started = Date.now();
  const deadline = started + CURRENT_STATE_CACHE_MS + 3000;
  let last = await call(token, url, app);
  while (last !== status && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    last = await call(token, url, app);
  }
  expect(last).toBe(status);
  return Date.now() - started;
}

async function insertUser(
  login: string,
  role: string,
  extra: { permissions?: string[]; proLogin?: string } = {},
): Promise<number> {
  const { rows } = await a.app.db.query<{ id: number }>(
    `insert into users (login, password_hash, name, role, permissions, pro_id)
     values ($1, $2, $3, $4, $5, (select id from users where login = $6)) returning id`,
    [login, await hashPassword(PASSWORD), `Test ${login}`, role, extra.permissions ?? [], extra.proLogin ?? null],
  );
  return Number(rows[0]?.id);
}

describe('the caller as the database has it now', () => {
  it('takes a demoted role within seconds: 403 where the old role was let in', async () => {
    const id = await insertUser('tok-office', 'BACK_OFFICE');
    const { accessToken } = await signIn(a.url, 'tok-office', PASSWORD);
    expect(decodeJwt(accessToken).role).toBe('BACK_OFFICE');
    expect(await call(accessToken, PENDING)).toBe(200);
    await a.app.db.query(`update users set role = 'BASIC', client_id = (select min(id) from clients) where id = $1`, [
      id,
    ]);
    await untilStatus(accessToken, PENDING, 403);
    const me = await a.app.inject({
      method: 'GET',
      url: '/api/v1/user/me',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(me.json()).toMatchObject({ role: 'BASIC' });
  });

  it('takes revoked permissions within seconds', async () => {
    const id = await insertUser('tok-delegate', 'DELEGATE', { permissions: ['APPROVE_MOVEMENT'], proLogin: 'pro' });
    const { accessToken } = await signIn(a.url, 'tok-delegate', PASSWORD);
    expect(await call(accessToken, PENDING)).toBe(200);
    await a.app.db.query(`update users set permissions = '{}' where id = $1`, [id]);
    await untilStatus(accessToken, PENDING, 403);
  });

  it('refuses a deactivated user within seconds (401), in every API process', async () => {
    const id = await insertUser('tok-leaver', 'PRO');
    const { accessToken } = await signIn(a.url, 'tok-leaver', PASSWORD);
    expect(await call(accessToken, '/api/v1/user/me')).toBe(200);
    expect(await call(accessToken, '/api/v1/user/me', b)).toBe(200);
    await a.app.db.query('update users set active = false where id = $1', [id]);
    await untilStatus(accessToken, '/api/v1/user/me', 401);
    await untilStatus(accessToken, '/api/v1/user/me', 401, b);
  });
});

/** Signs out as the portal does (RP-initiated logout, the logout page's form posted). */
async function signOut(tokens: { idToken: string; cookie: string }): Promise<void> {
  const end = new URL(`${a.url}/oidc/session/end`);
  end.search = new URLSearchParams({
    id_token_hint: tokens.idToken,
    post_logout_redirect_uri: `${a.url}/login`,
  }).toString();
  const page = await fetch(end, { headers: { cookie: tokens.cookie }, redirect: 'manual' });
  const html = await page.text();
  const action = /<form id="op\.logoutForm" method="post" action="([^"]+)"/.exec(html)?.[1] ?? '';
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const confirm = await fetch(new URL(action, a.url), {
    method: 'POST',
    headers: { cookie: tokens.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    redirect: 'manual',
  });
  expect(confirm.status).toBe(303);
}

describe('sign-out', () => {
  it("revokes the session's access tokens, the renewed ones too, at once here and within seconds elsewhere", async () => {
    const tokens = await signIn(a.url, 'backoffice', DEMO_PASSWORD);
    const renewed = await refreshTokens(a.url, tokens.refreshToken);
    expect(decodeJwt(renewed.accessToken)[GRANT_CLAIM]).toBe(decodeJwt(tokens.accessToken)[GRANT_CLAIM]);
    // Another session of the same user is not affected.
    const other = await signIn(a.url, 'backoffice', DEMO_PASSWORD);
    for (const token of [tokens.accessToken, renewed.accessToken, other.accessToken]) {
      expect(await call(token, '/api/v1/user/me')).toBe(200);
      expect(await call(token, '/api/v1/user/me', b)).toBe(200);
    }

    await signOut(tokens);

    expect(await call(tokens.accessToken, '/api/v1/user/me')).toBe(401);
    expect(await call(renewed.accessToken, '/api/v1/user/me')).toBe(401);
    await untilStatus(renewed.accessToken, '/api/v1/user/me', 401, b);
    expect(await call(other.accessToken, '/api/v1/user/me')).toBe(200);
    expect(await call(other.accessToken, '/api/v1/user/me', b)).toBe(200);
    const revoked = await a.app.db.query('select 1 from revoked_grants where grant_key = $1', [
      decodeJwt(tokens.accessToken)[GRANT_CLAIM],
    ]);
    expect(revoked.rows).toHaveLength(1);
  });
});

describe('issue time', () => {
  it(`refuses a token issued more than ${CLOCK_SKEW_SECONDS} s in the future, and one without its grant`, async () => {
    const { accessToken } = await signIn(a.url, 'pro', DEMO_PASSWORD);
    const claims = decodeJwt(accessToken);
    const header = JSON.parse(Buffer.from(accessToken.split('.')[0] ?? '', 'base64url').toString('utf8')) as {
      kid: string;
    };
    // Signed with the issuer's own key: only the claims differ from a real token.
    const secrets = await loadSecrets(a.app.db);
    const jwk = secrets.jwks.keys.find((k) => k.kid === header.kid);
    if (!jwk) throw new Error('signing key not found');
    const key = await importJWK(jwk, 'RS256');
    const sign = (payload: Record<string, unknown>) =>
      new SignJWT(payload).setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: header.kid }).sign(key);
    const now = Math.floor(Date.now() / 1000);

    expect(await call(await sign(claims), '/api/v1/user/me')).toBe(200);
    const slightlyAhead = now + CLOCK_SKEW_SECONDS - 10;
    expect(await call(await sign({ ...claims, iat: slightlyAhead, exp: slightlyAhead + 600 }), '/api/v1/user/me')).toBe(
      200,
    );
    const future = now + CLOCK_SKEW_SECONDS + 60;
    expect(await call(await sign({ ...claims, iat: future, exp: future + 600 }), '/api/v1/user/me')).toBe(401);
    const { [GRANT_CLAIM]: _grant, ...withoutGrant } = claims;
    expect(await call(await sign(withoutGrant), '/api/v1/user/me')).toBe(401);
  });
});
