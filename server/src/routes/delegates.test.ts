// Route tests for a PRO's delegates (issue 19): the list, an invitation whose welcome link is the delegate's
// registration (password chosen on the issuer's page, then a real sign-in), permission changes and suspension taking
// effect on the delegate's next call, the resend, the removal (deactivated, detached, address free again), other
// PROs' delegates answering 404 and other roles 403, taken addresses 409, and the audit of every write.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signIn } from '../identity/test-sign-in.ts';
import { callApi } from '../testing/api-caller.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
const tokens = new Map<string, string>();
const ids: Record<string, number> = {};
const PASSWORD = 'Assistente-2026!';

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  for (const login of ['pro', 'pro2', 'delegate', 'admin', 'client']) {
    tokens.set(login, (await signIn(t.url, login, 'patrimonio')).accessToken);
  }
  const { rows } = await t.app.db.query<{ login: string; id: number }>('select login, id from users');
  for (const u of rows) ids[u.login] = Number(u.id);
});
afterAll(async () => {
  await t?.close();
});

const api = (login: string, method: string, url: string, body?: unknown) =>
  callApi(t, tokens, login, method, url, body);

async function one<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T> {
  return (await t.app.db.query<T>(sql, params)).rows[0]!;
}

async function welcomeToken(to: string): Promise<string> {
  const mail = await one<{ body_text: string; kind: string }>(
    'select body_text, kind from mail_outbox where lower(to_address) = lower($1) order by id desc limit 1',
    [to],
  );
  expect(mail.kind).toBe('password_welcome');
  const token = /\/oidc\/password\/reset\?token=([A-Za-z0-9_-]+)/.exec(mail.body_text)?.[1];
  if (!token) throw new Error(`no link mailed to ${to}`);
  return token;
}

async function choosePassword(token: string, password: string): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/oidc/password/reset',
    remoteAddress: '10.19.1.1',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token, password, confirm: password }).toString(),
  });
  return res.statusCode;
}

const lastAudit = (id: number) =>
  one<{ action: string; actor_id: string }>(
    `select action, actor_id from audit_log where entity = 'user' and entity_id = $1 order by id desc limit 1`,
    [String(id)],
  );

describe('delegates', () => {
  test("the PRO's list holds its own delegates only", async () => {
    const r = await api('pro', 'GET', '/api/v1/delegates');
    expect(r.status).toBe(200);
    const names = r.body.item.map((d: { email: string }) => d.email);
    expect(names).toEqual(expect.arrayContaining(['delegate@patrimonio.example', 'delegate2@patrimonio.example']));
    const davide = r.body.item.find((d: { email: string }) => d.email === 'delegate@patrimonio.example');
    expect(davide).toMatchObject({ state: 'active', permissions: ['APPROVE_MOVEMENT', 'MANAGE_CONTROL'] });
    expect((await api('pro2', 'GET', '/api/v1/delegates')).body.item).toEqual([]);
  });

  test('other roles: 403; another PRO: 404 for each call on the delegate', async () => {
    for (const login of ['delegate', 'admin', 'client']) {
      expect((await api(login, 'GET', '/api/v1/delegates')).status).toBe(403);
      expect(
        (await api(login, 'POST', '/api/v1/delegates', { name: 'X', email: 'x@y.it', permissions: [] })).status,
      ).toBe(403);
    }
    const id = ids.delegate;
    const before = await one('select permissions, active from users where id = $1', [id]);
    expect((await api('pro2', 'PUT', `/api/v1/delegates/${id}`, { permissions: [], active: false })).status).toBe(404);
    expect((await api('pro2', 'POST', `/api/v1/delegates/${id}/invite`)).status).toBe(404);
    expect((await api('pro2', 'DELETE', `/api/v1/delegates/${id}`)).status).toBe(404);
    // A user who is no delegate (the PRO itself, a client) is not found either.
    expect((await api('pro', 'DELETE', `/api/v1/delegates/${ids.pro}`)).status).toBe(404);
    expect(await one('select permissions, active from users where id = $1', [id])).toEqual(before);
  });

  test('invite, register by the welcome link, act; changes hold from the next call; resend; remove', async () => {
    const invited = await api('pro', 'POST', '/api/v1/delegates', {
      name: '  Sara Assistente ',
      email: 'Sara.Assistente@Studio.it',
      permissions: ['APPROVE_MOVEMENT'],
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    const id = invited.body.delegate.id;
    expect(invited.body.delegate).toMatchObject({
      name: 'Sara Assistente',
      email: 'Sara.Assistente@Studio.it',
      permissions: ['APPROVE_MOVEMENT'],
      state: 'invited',
      lastSignInAt: null,
    });
    expect(invited.body.invitation).toMatchObject({ sent: true, email: 'Sara.Assistente@Studio.it' });
    expect(await one('select login, role from users where id = $1', [id])).toEqual({
      login: 'sara.assistente@studio.it',
      role: 'DELEGATE',
    });
    expect(Number((await one<{ pro_id: number }>('select pro_id from users where id = $1', [id])).pro_id)).toBe(
      ids.pro,
    );
    expect(await lastAudit(id)).toMatchObject({ actor_id: String(ids.pro) });

    // The same address again: taken.
    const again = await api('pro', 'POST', '/api/v1/delegates', {
      name: 'Sara',
      email: 'sara.assistente@studio.it',
      permissions: [],
    });
    expect(again).toMatchObject({ status: 409, body: { code: 'login_taken' } });

    // A fresh link while invited; the older one stops working.
    const first = await welcomeToken('Sara.Assistente@Studio.it');
    const resent = await api('pro', 'POST', `/api/v1/delegates/${id}/invite`);
    expect(resent.status).toBe(200);
    const token = await welcomeToken('Sara.Assistente@Studio.it');
    expect(token).not.toBe(first);
    expect(await choosePassword(first, PASSWORD)).toBe(410);
    expect(await choosePassword(token, PASSWORD)).toBe(200);
    expect((await api('pro', 'POST', `/api/v1/delegates/${id}/invite`)).body.code).toBe('already_registered');

    tokens.set('sara', (await signIn(t.url, 'sara.assistente@studio.it', PASSWORD)).accessToken);
    const listed = (await api('pro', 'GET', '/api/v1/delegates')).body.item.find((d: { id: number }) => d.id === id);
    expect(listed.state).toBe('active');
    expect(listed.lastSignInAt).not.toBeNull();

    // With APPROVE_MOVEMENT the middle office answers; without it, the next call is refused.
    expect((await api('sara', 'GET', '/api/v1/movement/temporary/count')).status).toBe(200);
    const changed = await api('pro', 'PUT', `/api/v1/delegates/${id}`, { permissions: [], active: true });
    expect(changed).toMatchObject({ status: 200, body: { permissions: [], state: 'active' } });
    expect(await lastAudit(id)).toMatchObject({ action: 'update_delegate' });
    expect((await api('sara', 'GET', '/api/v1/movement/temporary/count')).status).toBe(403);

    // Suspended: the next call is 401; resumed: it answers again.
    const suspended = await api('pro', 'PUT', `/api/v1/delegates/${id}`, {
      permissions: ['APPROVE_MOVEMENT'],
      active: false,
    });
    expect(suspended.body.state).toBe('suspended');
    expect(await lastAudit(id)).toMatchObject({ action: 'suspend' });
    expect((await api('sara', 'GET', '/api/v1/user/client')).status).toBe(401);
    expect((await api('pro', 'POST', `/api/v1/delegates/${id}/invite`)).body.code).toBe('user_inactive');
    await api('pro', 'PUT', `/api/v1/delegates/${id}`, { permissions: ['APPROVE_MOVEMENT'], active: true });
    expect(await lastAudit(id)).toMatchObject({ action: 'resume' });
    // Resumed, it sees its PRO's clients (and only them): Mario Rossi is pro's, Giovanni Ferrari pro2's.
    const clients = await api('sara', 'GET', '/api/v1/user/client?size=1000');
    expect(clients.status).toBe(200);
    const taxCodes = (clients.body.item as Array<{ taxCode: string | null }>).map((c) => c.taxCode);
    expect(taxCodes).toContain('RSSMRA80A01H501U');
    expect(taxCodes).not.toContain('FRRGNN58T10D612I');

    // Removed: deactivated, detached, the address free to be invited again.
    const removed = await api('pro', 'DELETE', `/api/v1/delegates/${id}`);
    expect(removed).toEqual({ status: 200, body: { id } });
    expect(await lastAudit(id)).toMatchObject({ action: 'remove_delegate', actor_id: String(ids.pro) });
    const row = await one<{ active: boolean; pro_id: unknown; login: string; removed: boolean }>(
      'select active, pro_id, login, removed_at is not null as removed from users where id = $1',
      [id],
    );
    expect(row).toEqual({
      active: false,
      pro_id: null,
      login: `sara.assistente@studio.it.removed-${id}`,
      removed: true,
    });
    expect((await api('sara', 'GET', '/api/v1/user/client')).status).toBe(401);
    expect((await api('pro', 'GET', '/api/v1/delegates')).body.item.some((d: { id: number }) => d.id === id)).toBe(
      false,
    );
    expect((await api('pro', 'DELETE', `/api/v1/delegates/${id}`)).status).toBe(404);
    const reinvited = await api('pro', 'POST', '/api/v1/delegates', {
      name: 'Sara Assistente',
      email: 'sara.assistente@studio.it',
      permissions: ['MANAGE_CONTROL'],
    });
    expect(reinvited.status).toBe(200);
    expect(reinvited.body.delegate.id).not.toBe(id);
  });
});
