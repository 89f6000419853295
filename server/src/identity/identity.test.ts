// The embedded issuer end to end over HTTP, and the outside-issuer mode trusting it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../db/seed-demo.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { portalAuthConfig } from './index.ts';
import {
  decodeJwt,
  openSignInPage,
  openSignInPageAt,
  refreshTokens,
  type SignInOptions,
  signIn,
  submitSignIn,
} from './test-sign-in.ts';

let a: TestApp;

// The sign-ins of this file come through a trusted proxy on loopback, each from an address of its own, so that the
// limit of sign-ins per source address (throttle.test.ts) leaves them alone.
let sources = 0;
const fromNewSource = (opts: SignInOptions = {}): SignInOptions => ({
  ...opts,
  headers: { 'x-forwarded-for': `198.51.100.${++sources}` },
});

beforeAll(async () => {
  a = await createTestApp({ listen: true, env: { TRUST_PROXY: '127.0.0.1' } });
});

afterAll(async () => {
  await a?.close();
});

async function me(baseUrl: string, token: string) {
  const res = await fetch(`${baseUrl}/api/v1/user/me`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('embedded issuer', () => {
  it('publishes its discovery document under /oidc', async () => {
    const res = await fetch(`${a.url}/oidc/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as Record<string, unknown>;
    expect(doc.issuer).toBe(`${a.url}/oidc`);
    expect(doc.authorization_endpoint).toBe(`${a.url}/oidc/auth`);
    expect(doc.token_endpoint).toBe(`${a.url}/oidc/token`);
    expect(doc.jwks_uri).toBe(`${a.url}/oidc/jwks`);
    expect(doc.end_session_endpoint).toBe(`${a.url}/oidc/session/end`);
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
    expect(doc.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'refresh_token']));
    expect(portalAuthConfig(a.config)).toEqual({
      authority: `${a.url}/oidc`,
      clientId: 'patrimonio-portal',
      scope: 'openid profile offline_access',
      embedded: true,
      adminApiBase: '',
    });
  });

  it('keeps the issuer routes out of the API documentation', async () => {
    const res = await fetch(`${a.url}/api/docs/json`);
    expect(res.status).toBe(200);
    const paths = Object.keys(((await res.json()) as { paths: Record<string, unknown> }).paths);
    expect(paths.some((p) => p.startsWith('/oidc'))).toBe(false);
  });

  it('signs in every demo account and the API answers its role', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const tokens = await signIn(a.url, account.login, DEMO_PASSWORD, fromNewSource());
      const claims = decodeJwt(tokens.accessToken);
      expect(claims).toMatchObject({ iss: `${a.url}/oidc`, aud: a.config.oidc.audience, role: account.role });
      expect(claims.exp as number).toBeLessThanOrEqual((claims.iat as number) + a.config.oidc.accessTokenTtl);
      expect(decodeJwt(tokens.idToken)).toMatchObject({
        name: account.name,
        role: account.role,
        preferred_username: account.login,
      });
      const { status, body } = await me(a.url, tokens.accessToken);
      expect(status).toBe(200);
      expect(body).toMatchObject({ id: claims.sub, role: account.role, name: account.name });
      if (account.login === 'admin') expect(body.role).toBe('ADMIN');
      if (account.login === 'client') expect(body.role).toBe('BASIC');
      if (account.login === 'delegate') {
        expect(body.role).toBe('DELEGATE');
        expect(body.permissions).toEqual(['APPROVE_MOVEMENT', 'MANAGE_CONTROL']);
      }
    }
  });

  it('accepts the login in any case', async () => {
    const tokens = await signIn(a.url, '  ADMIN ', DEMO_PASSWORD, fromNewSource());
    expect(decodeJwt(tokens.accessToken).role).toBe('ADMIN');
  });

  it('answers a wrong password exactly as an unknown user, and gives no code', async () => {
    const wrongPage = await openSignInPage(a.url, fromNewSource());
    const wrong = await submitSignIn(wrongPage, 'backoffice', 'not-the-password');
    const unknownPage = await openSignInPage(a.url, fromNewSource());
    const unknown = await submitSignIn(unknownPage, 'nobody-like-this', 'not-the-password');
    expect('code' in wrong).toBe(false);
    expect('code' in unknown).toBe(false);
    if ('code' in wrong || 'code' in unknown) return;
    expect(wrong.error).toBe('Nome utente o password non corretti');
    expect(unknown.error).toBe(wrong.error);
    expect(unknown.status).toBe(wrong.status);
    // The same page apart from the interaction id, the nonce and the login typed.
    const normalise = (html: string, login: string) =>
      html
        .replace(/\/oidc\/interaction\/[\w-]+/g, 'UID')
        .replace(/nonce="[^"]*"/g, '')
        .replaceAll(`value="${login}"`, '');
    expect(normalise(unknown.html, 'nobody-like-this')).toBe(normalise(wrong.html, 'backoffice'));
    // English when the portal asks for it.
    const english = await submitSignIn(
      await openSignInPage(a.url, fromNewSource({ uiLocales: 'en' })),
      'backoffice',
      'nope',
    );
    expect('code' in english ? null : english.error).toBe('Incorrect username or password');
  });

  it('slows down repeated failures for one login and forgets them after a success', async () => {
    const attempt = async (password: string) => {
      const page = await openSignInPage(a.url, fromNewSource());
      const started = Date.now();
      const result = await submitSignIn(page, 'pro2', password);
      return { ok: 'code' in result, ms: Date.now() - started };
    };
    for (let i = 0; i < 3; i++) expect((await attempt('wrong')).ms).toBeLessThan(900);
    const fourth = await attempt('wrong');
    expect(fourth.ok).toBe(false);
    expect(fourth.ms).toBeGreaterThanOrEqual(950);
    const success = await attempt(DEMO_PASSWORD);
    expect(success.ok).toBe(true);
    expect(success.ms).toBeGreaterThanOrEqual(1900);
    expect((await attempt('wrong')).ms).toBeLessThan(900);
  });

  it('renews with the refresh token: a new JWT access token with the role claim', async () => {
    const tokens = await signIn(a.url, 'delegate', DEMO_PASSWORD, fromNewSource());
    expect(tokens.refreshToken).toMatch(/\S{20,}/);
    const renewed = await refreshTokens(a.url, tokens.refreshToken);
    expect(renewed.accessToken).not.toBe(tokens.accessToken);
    const claims = decodeJwt(renewed.accessToken);
    expect(claims).toMatchObject({
      role: 'DELEGATE',
      permissions: ['APPROVE_MOVEMENT', 'MANAGE_CONTROL'],
      name: 'Davide Assistente',
      aud: a.config.oidc.audience,
    });
    expect((await me(a.url, renewed.accessToken)).body.role).toBe('DELEGATE');
    // Refresh tokens rotate: the old one is spent.
    expect(renewed.refreshToken).not.toBe(tokens.refreshToken);
    await expect(refreshTokens(a.url, tokens.refreshToken)).rejects.toThrow(/invalid_grant/);
  });

  it('rejects tampered tokens, id_tokens and missing tokens with 401', async () => {
    const tokens = await signIn(a.url, 'pro', DEMO_PASSWORD, fromNewSource());
    const [header, payload, signature] = tokens.accessToken.split('.') as [string, string, string];
    const forged = Buffer.from(JSON.stringify({ ...decodeJwt(tokens.accessToken), role: 'ADMIN' }), 'utf8').toString(
      'base64url',
    );
    expect((await me(a.url, `${header}.${forged}.${signature}`)).status).toBe(401);
    const flipped = `${header}.${payload}.${signature.slice(0, -4)}${signature.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    expect((await me(a.url, flipped)).status).toBe(401);
    expect((await me(a.url, tokens.idToken)).status).toBe(401);
    expect((await fetch(`${a.url}/api/v1/user/me`)).status).toBe(401);
  });

  it('shows the sign-in page in Italian by default, in English on request, with the demo accounts in development', async () => {
    const it = await openSignInPage(a.url, fromNewSource());
    expect(it.status).toBe(200);
    expect(it.html).toContain('<meta charset="utf-8">');
    expect(it.html).toContain('<html lang="it">');
    expect(it.html).toMatch(/<input[^>]*name="login"[^>]*autocomplete="username"/);
    expect(it.html).toMatch(/<input[^>]*name="password"[^>]*autocomplete="current-password"/);
    expect(it.html).toMatch(/<button type="submit"/);
    expect(it.html).toContain('Account dimostrativi');
    for (const account of DEMO_ACCOUNTS) expect(it.html).toContain(`data-login="${account.login}"`);
    expect(it.html).toContain(`<code>${DEMO_PASSWORD}</code>`);
    expect(it.html).toMatch(/href="[^"]*\?lang=en"/);

    const en = await openSignInPage(a.url, fromNewSource({ uiLocales: 'en' }));
    expect(en.html).toContain('<html lang="en">');
    expect(en.html).toContain('Demo accounts');

    // The switch on the page.
    const switched = await fetch(new URL(`${new URL(it.url).pathname}?lang=en`, a.url), {
      headers: { cookie: it.jar.header() },
    });
    expect(await switched.text()).toContain('<html lang="en">');
  });

  it('accepts the portal on 127.0.0.1 as well as localhost', async () => {
    const port = new URL(a.url).port;
    const page = await openSignInPage(a.url, fromNewSource({ redirectUri: `http://127.0.0.1:${port}/auth/callback` }));
    expect(page.html).toContain('name="password"');
  });

  it('shows an error page for a bad authorization request', async () => {
    const res = await fetch(`${a.url}/oidc/auth?client_id=patrimonio-portal&response_type=code&scope=openid`, {
      headers: { 'accept-language': 'en' },
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('Something went wrong');
  });

  /** Signs out at the issuer as the portal does (the end-session page, its form posted by its script). */
  async function endSession(cookie: string, idToken?: string) {
    const end = new URL(`${a.url}/oidc/session/end`);
    end.search = new URLSearchParams({
      ...(idToken ? { id_token_hint: idToken } : { client_id: 'patrimonio-portal' }),
      post_logout_redirect_uri: `${a.url}/login`,
    }).toString();
    const page = await fetch(end, { headers: { cookie }, redirect: 'manual' });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<script nonce="[^"]+">document\.getElementById\('op\.logoutForm'\)\.submit\(\);<\/script>/);
    expect(html).toContain('name="logout" value="yes"');
    const action = /<form id="op\.logoutForm" method="post" action="([^"]+)"/.exec(html)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
    expect(action && xsrf).toBeTruthy();
    const confirm = await fetch(new URL(action ?? '', a.url), {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf: xsrf ?? '', logout: 'yes' }).toString(),
      redirect: 'manual',
    });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('location')).toBe(`${a.url}/login`);
  }

  it('signs out without a confirmation click and returns to the portal; the refresh and access tokens die', async () => {
    const tokens = await signIn(a.url, 'client', DEMO_PASSWORD, fromNewSource());
    expect((await me(a.url, tokens.accessToken)).status).toBe(200);
    await endSession(tokens.cookie, tokens.idToken);
    await expect(refreshTokens(a.url, tokens.refreshToken)).rejects.toThrow(/invalid_grant/);
    // The access token, still within its lifetime, is refused at once.
    expect((await me(a.url, tokens.accessToken)).status).toBe(401);
  });

  it('a sign-in page opened just before another tab signed out starts the same request again: the form, then a code', async () => {
    // Signed in; then a second tab asks for a new sign-in (the portal's prompt=login) inside that issuer session ...
    const first = await openSignInPage(a.url, fromNewSource());
    expect('code' in (await submitSignIn(first, 'delegate', DEMO_PASSWORD))).toBe(true);
    const second = await openSignInPage(a.url, { ...fromNewSource(), jar: first.jar, prompt: 'login' });
    expect(second.html).toContain('name="password"');
    // ... and the first tab signs out before the second tab's page is shown (or posted).
    await endSession(first.jar.header());

    const again = await fetch(second.url, { headers: { cookie: second.jar.header() }, redirect: 'manual' });
    expect(again.status).toBe(303);
    const restart = new URL(again.headers.get('location') ?? '', second.url);
    expect(restart.pathname).toBe('/oidc/auth');
    expect(restart.searchParams.get('state')).toBe(second.state);
    expect(restart.searchParams.get('prompt')).toBe('login');
    // The restarted request shows the sign-in form, and signing in there answers the original request's state.
    const page = await openSignInPageAt(second, restart.toString());
    expect(page.html).toContain('name="password"');
    expect(await submitSignIn(page, 'delegate', DEMO_PASSWORD)).toEqual({ code: expect.any(String) });
    // The ended interaction itself is gone: its page is the expired page now, not a loop of restarts.
    const old = await fetch(second.url, { headers: { cookie: second.jar.header() }, redirect: 'manual' });
    expect(old.status).toBe(400);
  });
});

describe('outside issuer (OIDC_ISSUER)', () => {
  let b: TestApp;

  beforeAll(async () => {
    b = await createTestApp({ listen: true, env: { OIDC_ISSUER: `${a.url}/oidc` } });
  });

  afterAll(async () => {
    await b?.close();
  });

  it('mounts no issuer and points the portal at the outside one', async () => {
    expect(portalAuthConfig(b.config)).toEqual({
      authority: `${a.url}/oidc`,
      clientId: 'patrimonio-portal',
      scope: 'openid profile offline_access',
      embedded: false,
      adminApiBase: '',
    });
    const res = await fetch(`${b.url}/oidc/.well-known/openid-configuration`);
    expect(res.status).toBe(404);
  });

  it("accepts the outside issuer's access tokens with their role", async () => {
    const tokens = await signIn(a.url, 'admin', DEMO_PASSWORD, fromNewSource());
    const { status, body } = await me(b.url, tokens.accessToken);
    expect(status).toBe(200);
    expect(body).toMatchObject({ role: 'ADMIN', name: 'Anna Amministratrice' });
    const delegate = await signIn(a.url, 'delegate', DEMO_PASSWORD, fromNewSource());
    expect((await me(b.url, delegate.accessToken)).body).toMatchObject({
      role: 'DELEGATE',
      permissions: ['APPROVE_MOVEMENT', 'MANAGE_CONTROL'],
    });
  });

  it('rejects tampered tokens', async () => {
    const tokens = await signIn(a.url, 'pro', DEMO_PASSWORD, fromNewSource());
    const [header, , signature] = tokens.accessToken.split('.') as [string, string, string];
    const forged = Buffer.from(JSON.stringify({ ...decodeJwt(tokens.accessToken), role: 'ADMIN' })).toString(
      'base64url',
    );
    expect((await me(b.url, `${header}.${forged}.${signature}`)).status).toBe(401);
  });
});
