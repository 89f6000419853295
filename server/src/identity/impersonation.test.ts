// Impersonation (issue 19): an ADMIN exchanges its access token at the embedded issuer for one of a PRO, carrying the
// ADMIN as actor; the API takes it as the PRO with the ADMIN as impersonator (profile, testing data, audit with both
// identities); only an ADMIN may, only a PRO may be impersonated; stopping revokes the exchanged token at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../db/seed-demo.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { ACCESS_TOKEN_TYPE, TOKEN_EXCHANGE_GRANT } from './impersonation.ts';
import { decodeJwt, signIn } from './test-sign-in.ts';

let t: TestApp;
let adminToken: string;
let proToken: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  adminToken = (await signIn(t.url, 'admin', DEMO_PASSWORD)).accessToken;
  proToken = (await signIn(t.url, 'pro', DEMO_PASSWORD)).accessToken;
  const { rows } = await t.app.db.query<{ login: string; id: number }>('select login, id from users');
  for (const r of rows) ids[r.login] = Number(r.id);
});

afterAll(async () => {
  await t?.close();
});

async function exchange(fields: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${t.url}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: 'patrimonio-portal', grant_type: TOKEN_EXCHANGE_GRANT, ...fields }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const actAs = (subjectToken: string, subject: number | string) =>
  exchange({
    subject_token: subjectToken,
    subject_token_type: ACCESS_TOKEN_TYPE,
    requested_subject: String(subject),
  });

async function call(token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  const res = await t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
  const type = String(res.headers['content-type'] ?? '');
  return {
    status: res.statusCode,
    body: (type.includes('json') ? res.json() : { text: res.body }) as Record<string, unknown>,
  };
}

describe('token exchange at the embedded issuer', () => {
  it('gives an ADMIN an access token of the PRO that names the ADMIN as actor', async () => {
    const res = await actAs(adminToken, ids.pro!);
    expect(res.status).toBe(200);
    expect(res.body.issued_token_type).toBe(ACCESS_TOKEN_TYPE);
    expect(res.body.token_type).toBe('Bearer');
    expect(res.body.refresh_token).toBeUndefined();
    const claims = decodeJwt(String(res.body.access_token));
    expect(claims.sub).toBe(String(ids.pro));
    expect(claims.act).toEqual({ sub: String(ids.admin) });

    const me = await call(String(res.body.access_token), 'GET', '/api/v1/user/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      id: String(ids.pro),
      role: 'PRO',
      name: 'Paolo Consulente',
      impersonator: String(ids.admin),
      impersonatorName: 'Anna Amministratrice',
    });
    const own = await call(proToken, 'GET', '/api/v1/user/me');
    expect(own.body).toMatchObject({ role: 'PRO', impersonator: null, impersonatorName: null });
  });

  it('shows the impersonator the testing portfolios the PRO alone does not see', async () => {
    const token = String((await actAs(adminToken, ids.pro!)).body.access_token);
    const { rows } = await t.app.db.query<{ id: number }>("select id from clients where tax_code = 'RSSMRA80A01H501U'");
    const url = `/api/v1/portfolio/menu?clientId=${rows[0]!.id}`;
    const names = async (tk: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tk}` } });
      expect(res.statusCode).toBe(200);
      return (res.json() as { name: string }[]).map((p) => p.name);
    };
    expect(await names(token)).toContain('Simulazione UniCredit');
    expect(await names(proToken)).not.toContain('Simulazione UniCredit');
  });

  it('audits a write with both identities, and the audit table names both', async () => {
    const token = String((await actAs(adminToken, ids.pro!)).body.access_token);
    const write = await call(token, 'PATCH', '/api/v1/user/data-tour', { tourStep: 'overview' });
    expect(write.status).toBe(200);
    const { rows } = await t.app.db.query<{ actor_id: string; impersonator_id: string | null }>(
      `select actor_id, impersonator_id from audit_log where entity = 'tour' order by id desc limit 1`,
    );
    expect(rows[0]).toEqual({ actor_id: String(ids.pro), impersonator_id: String(ids.admin) });
    const started = await t.app.db.query<{ actor_id: string; entity_id: string }>(
      `select actor_id, entity_id from audit_log where action = 'impersonate' order by id desc limit 1`,
    );
    expect(started.rows[0]).toEqual({ actor_id: String(ids.admin), entity_id: String(ids.pro) });

    const auditPage = await call(adminToken, 'GET', `/api/v1/audit?entity=tour&size=5`);
    expect(auditPage.status).toBe(200);
    const first = (auditPage.body.item as Record<string, unknown>[])[0]!;
    expect(first).toMatchObject({ actorName: 'Paolo Consulente', impersonatorName: 'Anna Amministratrice' });
  });

  it('refuses anyone but an ADMIN, any target but an active PRO, and malformed requests', async () => {
    const basicToken = (await signIn(t.url, 'client', DEMO_PASSWORD)).accessToken;
    const imp = String((await actAs(adminToken, ids.pro!)).body.access_token);
    const refusals = [
      await actAs(proToken, ids.pro2!),
      await actAs(basicToken, ids.pro!),
      await actAs(imp, ids.pro2!),
      await actAs(adminToken, ids.client!),
      await actAs(adminToken, ids.backoffice!),
      await actAs(adminToken, ids.admin!),
      await actAs(adminToken, 987654321),
      await actAs('not-a-token', ids.pro!),
    ];
    for (const r of refusals) expect(r).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });

    const malformed = [
      await exchange({ subject_token: adminToken, requested_subject: String(ids.pro) }),
      await exchange({ subject_token: adminToken, subject_token_type: ACCESS_TOKEN_TYPE, requested_subject: 'pro' }),
      await exchange({ subject_token_type: ACCESS_TOKEN_TYPE, requested_subject: String(ids.pro) }),
      await exchange({
        subject_token: adminToken,
        subject_token_type: ACCESS_TOKEN_TYPE,
        requested_subject: String(ids.pro),
        requested_token_type: 'urn:ietf:params:oauth:token-type:refresh_token',
      }),
    ];
    for (const r of malformed) expect(r).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
  });

  it('a renewal with previous_token goes on with the same impersonation: stopping ends both tokens', async () => {
    const first = String((await actAs(adminToken, ids.pro!)).body.access_token);
    const renewed = await exchange({
      subject_token: adminToken,
      subject_token_type: ACCESS_TOKEN_TYPE,
      requested_subject: String(ids.pro),
      previous_token: first,
    });
    expect(renewed.status).toBe(200);
    const second = String(renewed.body.access_token);
    expect(decodeJwt(second).imp).toBe(decodeJwt(first).imp);
    // Another PRO's impersonation is a new one, whatever token is given as previous.
    const other = await exchange({
      subject_token: adminToken,
      subject_token_type: ACCESS_TOKEN_TYPE,
      requested_subject: String(ids.pro2),
      previous_token: first,
    });
    expect(decodeJwt(String(other.body.access_token)).imp).not.toBe(decodeJwt(first).imp);

    expect((await call(second, 'POST', '/api/v1/impersonation/stop')).status).toBe(200);
    expect((await call(first, 'GET', '/api/v1/user/me')).status).toBe(401);
    expect((await call(second, 'GET', '/api/v1/user/me')).status).toBe(401);
    expect((await call(String(other.body.access_token), 'GET', '/api/v1/user/me')).status).toBe(200);
    // A stopped impersonation is not continued: the next exchange starts a new one.
    const after = await exchange({
      subject_token: adminToken,
      subject_token_type: ACCESS_TOKEN_TYPE,
      requested_subject: String(ids.pro),
      previous_token: second,
    });
    expect(decodeJwt(String(after.body.access_token)).imp).not.toBe(decodeJwt(first).imp);
  });

  it('stops: the exchanged token is refused at once, and stopping without impersonating is a 409', async () => {
    const token = String((await actAs(adminToken, ids.pro!)).body.access_token);
    expect((await call(token, 'GET', '/api/v1/user/me')).status).toBe(200);
    const stop = await call(token, 'POST', '/api/v1/impersonation/stop');
    expect(stop).toEqual({ status: 200, body: { stopped: true } });
    expect((await call(token, 'GET', '/api/v1/user/me')).status).toBe(401);
    // The ADMIN's own session goes on.
    expect((await call(adminToken, 'GET', '/api/v1/user/me')).body).toMatchObject({ role: 'ADMIN' });
    const notImpersonating = await call(adminToken, 'POST', '/api/v1/impersonation/stop');
    expect(notImpersonating.status).toBe(409);
    expect(notImpersonating.body.code).toBe('not_impersonating');
    const { rows } = await t.app.db.query<{ actor_id: string; impersonator_id: string }>(
      `select actor_id, impersonator_id from audit_log where action = 'stop_impersonation' order by id desc limit 1`,
    );
    expect(rows[0]).toEqual({ actor_id: String(ids.pro), impersonator_id: String(ids.admin) });
  });
});
