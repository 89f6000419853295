// The schema and the demo seed on PGlite (and on PostgreSQL when TEST_DATABASE_URL is set).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { verifyPassword } from '../identity/password.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { migrate } from './migrate.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './seed-demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('migrations and demo seed', () => {
  test('migrating again applies nothing; seeding again adds nothing', async () => {
    expect(await migrate(t.app.db)).toEqual([]);
    expect(await seedDemo(t.app.db)).toBe(false);
    const { rows } = await t.app.db.query<{ n: number }>('select count(*)::int as n from users');
    expect(rows[0]!.n).toBe(DEMO_ACCOUNTS.length);
  });

  test('the demo accounts have their roles, links and hashed passwords', async () => {
    const { rows } = await t.app.db.query<{
      login: string;
      role: string;
      permissions: string[];
      pro: string | null;
      client_tax_code: string | null;
      password_hash: string;
    }>(
      `select u.login, u.role, u.permissions, p.login as pro, c.tax_code as client_tax_code, u.password_hash
         from users u left join users p on p.id = u.pro_id left join clients c on c.id = u.client_id order by u.id`,
    );
    const byLogin = Object.fromEntries(rows.map((r) => [r.login, r]));
    expect(byLogin.admin?.role).toBe('ADMIN');
    expect(byLogin.backoffice?.role).toBe('BACK_OFFICE');
    expect(byLogin.pro?.role).toBe('PRO');
    expect(byLogin.pro2?.role).toBe('PRO');
    expect(byLogin.delegate).toMatchObject({
      role: 'DELEGATE',
      pro: 'pro',
      permissions: ['APPROVE_MOVEMENT', 'MANAGE_CONTROL'],
    });
    expect(byLogin.delegate2).toMatchObject({ role: 'DELEGATE', pro: 'pro', permissions: [] });
    expect(byLogin.client).toMatchObject({ role: 'BASIC', client_tax_code: 'RSSMRA80A01H501U' });
    expect(byLogin.client?.password_hash).toMatch(/^scrypt\$/);
    expect(await verifyPassword(DEMO_PASSWORD, byLogin.client?.password_hash)).toBe(true);
    expect(await verifyPassword('wrong', byLogin.client?.password_hash)).toBe(false);
  });

  test('the schema refuses inconsistent users and leaves the table as it was', async () => {
    const count = async () => (await t.app.db.query<{ n: number }>('select count(*)::int as n from users')).rows[0]!.n;
    const before = await count();
    await expect(
      t.app.db.query("insert into users (login, name, role) values ('d3', 'No pro', 'DELEGATE')"),
    ).rejects.toThrow();
    await expect(
      t.app.db.query("insert into users (login, name, role) values ('b3', 'No client', 'BASIC')"),
    ).rejects.toThrow();
    await expect(t.app.db.query("insert into users (login, name, role) values ('x', 'X', 'ROOT')")).rejects.toThrow();
    await expect(
      t.app.db.query("insert into users (login, name, role) values ('ADMIN', 'Dup', 'PRO')"),
    ).rejects.toThrow();
    expect(await count()).toBe(before);
  });

  test('a failed transaction writes nothing', async () => {
    await expect(
      t.app.db.transaction(async (tx) => {
        await tx.query("insert into families (name) values ('Temporanea')");
        await tx.query('insert into family_members (family_id, client_id, weight) values (-1, -1, 0)');
      }),
    ).rejects.toThrow();
    const { rows } = await t.app.db.query<{ n: number }>(
      "select count(*)::int as n from families where name = 'Temporanea'",
    );
    expect(rows[0]!.n).toBe(0);
  });

  test('family weights are numeric and default to 1', async () => {
    const { rows } = await t.app.db.query<{ data_type: string; column_default: string }>(
      "select data_type, column_default from information_schema.columns where table_name = 'family_members' and column_name = 'weight'",
    );
    expect(rows[0]).toMatchObject({ data_type: 'numeric', column_default: '1' });
  });
});
