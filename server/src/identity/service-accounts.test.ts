// Service accounts of the embedded issuer end to end over HTTP: client credentials at /oidc/token, the token
// accepted by the API as the bound user, the secret stored hashed, refusals, and the audit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_REPORT_CLIENT } from '../db/demo/service-accounts.ts';
import { DEMO_PASSWORD } from '../db/seed-demo.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { hashPassword } from './password.ts';
import { createServiceAccount, SERVICE_USER_CLAIM } from './service-accounts.ts';
import { decodeJwt, signIn } from './test-sign-in.ts';

let a: TestApp;
let tokenEndpoint: string;

beforeAll(async () => {
  a = await createTestApp({ listen: true });
  const discovery = (await (await fetch(`${a.url}/oidc/.well-known/openid-configuration`)).json()) as {
    token_endpoint: string;
    grant_types_supported: string[];
  };
  expect(discovery.grant_types_supported).toContain('client_credentials');
  tokenEndpoint = discovery.token_endpoint;
});

afterAll(async () => {
  await a?.close();
});

const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

/** POST /oidc/token with the client credentials grant; the status and the JSON answer. */
async function requestToken(
  clientId: string,
  secret: string,
  how: 'basic' | 'post' = 'basic',
): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new URLSearchParams({ grant_type: 'client_credentials' });
  if (how === 'post') {
    form.set('client_id', clientId);
    form.set('client_secret', secret);
  }
  const res = await fetch(tokenEndpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(how === 'basic' ? { authorization: basic(clientId, secret) } : {}),
    },
    body: form.toString(),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function accessToken(clientId: string, secret: string): Promise<string> {
  const { status, body } = await requestToken(clientId, secret);
  expect(status).toBe(200);
  return String(body.access_token);
}

async function api(token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${a.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const userId = async (login: string) =>
  (await a.app.db.query<{ id: number }>('select id from users where login = $1', [login])).rows[0]!.id;

describe('service accounts (client credentials)', () => {
  it('gives the demo account a JWT access token for the API, acting as the demo PRO', async () => {
    const proId = await userId('pro');
    const { status, body } = await requestToken(DEMO_REPORT_CLIENT.clientId, DEMO_REPORT_CLIENT.secret);
    expect(status).toBe(200);
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: a.config.oidc.accessTokenTtl });
    expect(body.refresh_token).toBeUndefined();
    const claims = decodeJwt(String(body.access_token));
    expect(claims).toMatchObject({
      iss: `${a.url}/oidc`,
      aud: a.config.oidc.audience,
      sub: 'report-batch',
      client_id: 'report-batch',
      [SERVICE_USER_CLAIM]: String(proId),
      role: 'PRO',
      name: 'Paolo Consulente',
      preferred_username: 'pro',
    });
    const me = await api(String(body.access_token), 'GET', '/api/v1/user/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: String(proId), role: 'PRO', name: 'Paolo Consulente' });
  });

  it('sees what the bound user sees', async () => {
    const service = await accessToken(DEMO_REPORT_CLIENT.clientId, DEMO_REPORT_CLIENT.secret);
    const user = (await signIn(a.url, 'pro', DEMO_PASSWORD)).accessToken;
    const asService = await api(service, 'GET', '/api/v1/family?size=10000&sort=name,asc');
    const asUser = await api(user, 'GET', '/api/v1/family?size=10000&sort=name,asc');
    expect(asService.status).toBe(200);
    expect(asService.body).toEqual(asUser.body);
    // The demo PRO has the first demo family and not pro2's.
    const names = (asService.body.item as { name: string }[]).map((f) => f.name);
    expect(names).toContain('Famiglia Rossi Bianchi');
    expect(asService.body.total).toBe(asUser.body.total);
  });

  it('stores the secret hashed, as passwords are', async () => {
    const { rows } = await a.app.db.query<{ secret_hash: string }>(
      'select secret_hash from service_accounts where client_id = $1',
      [DEMO_REPORT_CLIENT.clientId],
    );
    expect(rows[0]!.secret_hash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(rows[0]!.secret_hash).not.toContain(DEMO_REPORT_CLIENT.secret);
    // The stored hash is no secret: sent as one it is refused.
    expect((await requestToken(DEMO_REPORT_CLIENT.clientId, rows[0]!.secret_hash)).status).toBe(401);
  });

  it('answers 401 invalid_client to a wrong secret and an unknown client', async () => {
    const wrong = await requestToken(DEMO_REPORT_CLIENT.clientId, 'not-the-secret');
    expect(wrong).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    const unknown = await requestToken('no-such-client', DEMO_REPORT_CLIENT.secret);
    expect(unknown).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    const wrongPosted = await requestToken(DEMO_REPORT_CLIENT.clientId, 'not-the-secret', 'post');
    expect(wrongPosted).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    // The secret in the form body (client_secret_post) is taken as well as in the Basic header.
    expect((await requestToken(DEMO_REPORT_CLIENT.clientId, DEMO_REPORT_CLIENT.secret, 'post')).status).toBe(200);
    // The portal's public client has no client credentials grant.
    const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: a.config.oidc.clientId });
    const portal = await fetch(tokenEndpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(portal.status).toBe(400);
    expect(await portal.json()).toEqual({
      error: 'invalid_request',
      error_description: 'requested grant type is not allowed for this client',
    });
  });

  it('audits the token and the writes made with it as the bound user', async () => {
    const proId = String(await userId('pro'));
    const token = await accessToken(DEMO_REPORT_CLIENT.clientId, DEMO_REPORT_CLIENT.secret);
    const issued = await a.app.db.query<{ actor_id: string; actor_role: string }>(
      `select actor_id, actor_role from audit_log where action = 'token' and entity = 'serviceAccount'
       and entity_id = $1 order by id desc limit 1`,
      [DEMO_REPORT_CLIENT.clientId],
    );
    expect(issued.rows[0]).toEqual({ actor_id: proId, actor_role: 'PRO' });

    const created = await api(token, 'POST', '/api/v1/family', { name: 'Famiglia del batch' });
    expect(created.status).toBe(200);
    const audited = await a.app.db.query<{ actor_id: string; actor_role: string }>(
      `select actor_id, actor_role from audit_log where action = 'create' and entity = 'family' and entity_id = $1`,
      [String(created.body.id)],
    );
    expect(audited.rows).toEqual([{ actor_id: proId, actor_role: 'PRO' }]);
  });

  it("refuses the tokens of a deactivated user's account, and of an account bound to another user since", async () => {
    const db = a.app.db;
    const insertUser = async (login: string) =>
      (
        await db.query<{ id: number }>(
          `insert into users (login, password_hash, name, role) values ($1, $2, $3, 'PRO') returning id`,
          [login, await hashPassword('unused-password'), `Batch ${login}`],
        )
      ).rows[0]!.id;
    const first = await insertUser('batch-pro-1');
    const second = await insertUser('batch-pro-2');
    await createServiceAccount(db, {
      clientId: 'batch-test',
      name: 'Batch test',
      secret: 's3cret-batch',
      userId: first,
    });

    const token = await accessToken('batch-test', 's3cret-batch');
    expect((await api(token, 'GET', '/api/v1/user/me')).body).toMatchObject({ id: String(first), role: 'PRO' });

    // Bound to another user: the tokens issued for the first are refused; new ones act as the second.
    await db.query('update service_accounts set user_id = $1 where client_id = $2', [second, 'batch-test']);
    expect((await api(token, 'GET', '/api/v1/user/me')).status).toBe(401);
    const rebound = await accessToken('batch-test', 's3cret-batch');
    expect((await api(rebound, 'GET', '/api/v1/user/me')).body).toMatchObject({ id: String(second) });

    // The user deactivated: its token is refused, and no new token is given.
    await db.query('update users set active = false where id = $1', [second]);
    expect((await api(rebound, 'GET', '/api/v1/user/me')).status).toBe(401);
    expect(await requestToken('batch-test', 's3cret-batch')).toMatchObject({
      status: 401,
      body: { error: 'invalid_client' },
    });
  });
});
