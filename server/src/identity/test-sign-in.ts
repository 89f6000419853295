// Test helper: signs in through the embedded issuer over HTTP, the way the portal does (authorization code with
// PKCE, our sign-in form, token endpoint). Use with createTestApp({ listen: true }).
import { createHash, randomBytes } from 'node:crypto';

export interface SignInOptions {
  clientId?: string;
  /** Defaults to `${baseUrl}/auth/callback`. */
  redirectUri?: string;
  scope?: string;
  uiLocales?: string;
  /** Issuer path on baseUrl (default /oidc). */
  issuerPath?: string;
  /** Headers sent with every request of the flow (say, X-Forwarded-For through a trusted proxy). */
  headers?: Record<string, string>;
  /** The browser's cookies so far (say, an issuer session from an earlier sign-in); a new jar by default. */
  jar?: CookieJar;
  /** The authorization request's prompt (the portal sends 'login'). */
  prompt?: string;
}

export interface SignInTokens {
  accessToken: string;
  refreshToken: string;
  idToken: string;
  /** Cookie header carrying the issuer session (for sign-out tests). */
  cookie: string;
}

/** A minimal cookie jar: name to value, no path or domain matching (one origin per test). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq < 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => {
        const [k, v] = a.split('=').map((s) => s.trim().toLowerCase());
        return (k === 'max-age' && Number(v) <= 0) || (k === 'expires' && v && Date.parse(v) < Date.now());
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** A page of the sign-in flow. */
export interface SignInPage {
  status: number;
  url: string;
  html: string;
  jar: CookieJar;
  verifier: string;
  state: string;
  redirectUri: string;
  clientId: string;
  /** The flow's extra headers (SignInOptions.headers). */
  headers: Record<string, string>;
}

const b64url = (buf: Buffer) => buf.toString('base64url');

/** GETs or POSTs with the jar's cookies, following redirects until `stop` says so; returns the last response. */
async function follow(
  jar: CookieJar,
  url: string,
  init: RequestInit,
  stop: (location: string) => boolean,
  extra: Record<string, string> = {},
): Promise<{ res: Response; url: string }> {
  let current = url;
  let req = init;
  for (let hops = 0; hops < 10; hops++) {
    const headers = new Headers(req.headers);
    for (const [name, value] of Object.entries(extra)) headers.set(name, value);
    const cookie = jar.header();
    if (cookie) headers.set('cookie', cookie);
    const res = await fetch(current, { ...req, headers, redirect: 'manual' });
    jar.store(res);
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location) return { res, url: current };
    const next = new URL(location, current).toString();
    if (stop(next)) return { res, url: next };
    await res.arrayBuffer();
    current = next;
    req = { method: 'GET' };
  }
  throw new Error(`too many redirects from ${url}`);
}

/** Starts an authorization request and returns the sign-in page it leads to. */
export async function openSignInPage(baseUrl: string, opts: SignInOptions = {}): Promise<SignInPage> {
  const clientId = opts.clientId ?? 'patrimonio-portal';
  const redirectUri = opts.redirectUri ?? `${baseUrl}/auth/callback`;
  const verifier = b64url(randomBytes(32));
  const state = b64url(randomBytes(16));
  const challenge = b64url(createHash('sha256').update(verifier).digest());
  const auth = new URL(`${baseUrl}${opts.issuerPath ?? '/oidc'}/auth`);
  auth.search = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: opts.scope ?? 'openid profile offline_access',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
    ...(opts.uiLocales ? { ui_locales: opts.uiLocales } : {}),
    ...(opts.prompt ? { prompt: opts.prompt } : {}),
  }).toString();
  const jar = opts.jar ?? new CookieJar();
  const headers = opts.headers ?? {};
  const flow = { jar, verifier, state, redirectUri, clientId, headers };
  return openSignInPageAt({ ...flow, status: 0, url: '', html: '' }, auth.toString());
}

/** Goes on with a sign-in flow from a URL of the issuer (say, where it restarted the request) to the page it shows. */
export async function openSignInPageAt(page: SignInPage, at: string): Promise<SignInPage> {
  const { res, url } = await follow(
    page.jar,
    at,
    { method: 'GET' },
    (next) => next.startsWith(page.redirectUri),
    page.headers,
  );
  return { ...page, status: res.status, url, html: await res.text() };
}

/** Posts login and password on a sign-in page: the redirect to the client, or the page shown again. */
export async function submitSignIn(
  page: SignInPage,
  login: string,
  password: string,
): Promise<{ code: string } | { status: number; html: string; error: string | null; retryAfter: string | null }> {
  const action = /<form[^>]*\saction="([^"]+)"/.exec(page.html)?.[1];
  if (!action) throw new Error(`no sign-in form at ${page.url} (status ${page.status})`);
  const body = new URLSearchParams({ login, password });
  const lang = /name="lang" value="([^"]*)"/.exec(page.html)?.[1];
  if (lang) body.set('lang', lang);
  const { res, url } = await follow(
    page.jar,
    new URL(action.replace(/&amp;/g, '&'), page.url).toString(),
    { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: body.toString() },
    (next) => next.startsWith(page.redirectUri),
    page.headers,
  );
  if (url.startsWith(page.redirectUri)) {
    await res.arrayBuffer();
    const params = new URL(url).searchParams;
    if (params.get('error'))
      throw new Error(`authorization failed: ${params.get('error')} ${params.get('error_description')}`);
    if (params.get('state') !== page.state) throw new Error('state mismatch');
    const code = params.get('code');
    if (!code) throw new Error(`no code in ${url}`);
    return { code };
  }
  const html = await res.text();
  const error = /role="alert"[^>]*>([^<]*)</.exec(html)?.[1] ?? null;
  return { status: res.status, html, error, retryAfter: res.headers.get('retry-after') };
}

async function tokenRequest(
  baseUrl: string,
  issuerPath: string,
  params: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const res = await fetch(`${baseUrl}${issuerPath}/token`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(params).toString(),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`token endpoint answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

/** Signs in with login and password and returns the tokens the portal would get. */
export async function signIn(
  baseUrl: string,
  login: string,
  password: string,
  opts: SignInOptions = {},
): Promise<SignInTokens> {
  const page = await openSignInPage(baseUrl, opts);
  const result = await submitSignIn(page, login, password);
  if (!('code' in result)) throw new Error(`sign-in of ${login} failed: ${result.error ?? `status ${result.status}`}`);
  const tokens = await tokenRequest(
    baseUrl,
    opts.issuerPath ?? '/oidc',
    {
      grant_type: 'authorization_code',
      code: result.code,
      redirect_uri: page.redirectUri,
      client_id: page.clientId,
      code_verifier: page.verifier,
    },
    page.headers,
  );
  return {
    accessToken: String(tokens.access_token),
    refreshToken: String(tokens.refresh_token),
    idToken: String(tokens.id_token),
    cookie: page.jar.header(),
  };
}

/** Uses a refresh token, as oidc-client-ts does for silent renewal. */
export async function refreshTokens(
  baseUrl: string,
  refreshToken: string,
  opts: { clientId?: string; issuerPath?: string } = {},
): Promise<{ accessToken: string; refreshToken: string; idToken: string }> {
  const tokens = await tokenRequest(baseUrl, opts.issuerPath ?? '/oidc', {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: opts.clientId ?? 'patrimonio-portal',
  });
  return {
    accessToken: String(tokens.access_token),
    refreshToken: String(tokens.refresh_token),
    idToken: String(tokens.id_token),
  };
}

/** Reads a JWT's payload without verifying it (assertions in tests). */
export function decodeJwt(token: string): Record<string, unknown> {
  const part = token.split('.')[1];
  if (!part) throw new Error('not a JWT');
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}
