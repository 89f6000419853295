// A production start never runs with the demo data's published secrets (issue 15): no demo seeding in production, and
// a database still holding a demo password or the demo service account's secret on an active account is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { hashPassword } from '../../identity/password.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { findPublishedSecrets, refuseDemoSecretsInProduction, StartRefused } from './production-guard.ts';

const production = loadConfig({ NODE_ENV: 'production', DATA_DIR: 'memory://' });

describe('production start', () => {
  it('defaults to no demo data in production, demo data otherwise; SEED_DEMO decides when given', () => {
    expect(production.seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).seedDemo).toBe(true);
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('is refused on the demo data, naming each published secret', async () => {
    const start = createTestApp({ demoData: true, env: { NODE_ENV: 'production' } });
    await expect(start).rejects.toBeInstanceOf(StartRefused);
    const message = await start.catch((err: Error) => err.message);
    expect(message).toMatch(/^Refusing to start: NODE_ENV=production/);
    expect(message).toContain("user 'admin' with the demo password");
    expect(message).toContain("service account 'report-batch' with the demo secret");
  });

  it('is refused with SEED_DEMO=true, before anything is seeded', async () => {
    const t = await createTestApp({ env: { SEED_DEMO: 'false' } });
    try {
      const config = loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true', DATA_DIR: 'memory://' });
      await expect(buildApp({ config, db: t.app.db, logger: false })).rejects.toThrow(
        /^Refusing to start: SEED_DEMO=true with NODE_ENV=production/,
      );
      const { rows } = await t.app.db.query<{ n: number }>('select count(*)::int as n from users');
      expect(rows[0]!.n).toBe(0);
      // The same empty database starts in production.
      await expect(refuseDemoSecretsInProduction(t.app.db, production)).resolves.toBeUndefined();
    } finally {
      await t.close();
    }
  });
});

describe('published secrets in the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('are found until each account has a secret of its own, is deactivated or is deleted', async () => {
    const db = t.app.db;
    expect(await findPublishedSecrets(db)).toEqual([
      "user 'admin' with the demo password",
      "user 'backoffice' with the demo password",
      "user 'client' with the demo password",
      "user 'delegate' with the demo password",
      "user 'delegate2' with the demo password",
      "user 'pro' with the demo password",
      "user 'pro2' with the demo password",
      "service account 'report-batch' with the demo secret",
    ]);
    // Development starts on them.
    await expect(refuseDemoSecretsInProduction(db, loadConfig({ NODE_ENV: 'development' }))).resolves.toBeUndefined();

    await db.query('update users set password_hash = $1 where login = $2', [await hashPassword('own secret'), 'admin']);
    await db.query("update users set active = false where login in ('delegate', 'delegate2')");
    // The service account stops with its user: deactivating 'pro' ends both.
    await db.query("update users set active = false where login = 'pro'");
    expect(await findPublishedSecrets(db)).toEqual([
      "user 'backoffice' with the demo password",
      "user 'client' with the demo password",
      "user 'pro2' with the demo password",
    ]);
    await expect(refuseDemoSecretsInProduction(db, production)).rejects.toThrow(
      "published demo secrets (user 'backoffice' with the demo password, user 'client' with the demo password, user 'pro2' with the demo password)",
    );

    await db.query("update users set active = true where login = 'pro'");
    await db.query("update users set password_hash = $1 where login in ('backoffice', 'client', 'pro', 'pro2')", [
      await hashPassword('own secret'),
    ]);
    expect(await findPublishedSecrets(db)).toEqual(["service account 'report-batch' with the demo secret"]);
    await db.query("delete from service_accounts where client_id = 'report-batch'");
    expect(await findPublishedSecrets(db)).toEqual([]);
    await expect(refuseDemoSecretsInProduction(db, production)).resolves.toBeUndefined();
  });
});
