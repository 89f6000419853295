// The outbox: log-only without SMTP_URL, SMTP through nodemailer with it; every message recorded with its outcome.
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Database, openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { createMailer } from './outbox.ts';

let db: Database;
const logged: unknown[] = [];
const log = {
  info: (obj: unknown) => logged.push(obj),
  error: () => {},
} as unknown as Parameters<typeof createMailer>[0]['log'];

beforeAll(async () => {
  db = await openDatabase({ databaseUrl: undefined, dataDir: 'memory://' });
  await migrate(db);
});
afterAll(async () => {
  await db?.close();
});

const message = { kind: 'test', to: 'someone@example.it', subject: 'Oggetto', text: 'Testo con link' };
const row = async (id: number) =>
  (
    await db.query<{ status: string; transport: string; error: string | null }>(
      'select * from mail_outbox where id = $1',
      [id],
    )
  ).rows[0]!;

describe('mail outbox', () => {
  test('without SMTP_URL: recorded, then written to the log', async () => {
    const mailer = createMailer({ db, log, smtpUrl: undefined });
    expect(mailer.transport).toBe('log');
    const id = await db.transaction((tx) => mailer.enqueue(tx, message));
    expect(await row(id)).toMatchObject({ status: 'pending', transport: 'log' });
    expect(await mailer.deliver(id)).toBe('logged');
    expect(await row(id)).toMatchObject({ status: 'logged' });
    expect(JSON.stringify(logged)).toContain('Testo con link');
  });

  test('a rolled-back write leaves no message', async () => {
    const mailer = createMailer({ db, log, smtpUrl: undefined });
    const before = (await db.query<{ n: number }>('select count(*)::int as n from mail_outbox')).rows[0]!.n;
    await expect(
      db.transaction(async (tx) => {
        await mailer.enqueue(tx, message);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect((await db.query<{ n: number }>('select count(*)::int as n from mail_outbox')).rows[0]!.n).toBe(before);
  });

  test('with a transport: sent, or failed with the error kept', async () => {
    const transporter = nodemailer.createTransport({ jsonTransport: true });
    const ok = createMailer({ db, log, transporter });
    expect(ok.transport).toBe('smtp');
    const id = await db.transaction((tx) => ok.enqueue(tx, message));
    expect(await ok.deliver(id)).toBe('sent');
    expect(await row(id)).toMatchObject({ status: 'sent', transport: 'smtp', error: null });

    // An SMTP server that is not there.
    const down = createMailer({ db, log, smtpUrl: 'smtp://127.0.0.1:1' });
    const id2 = await db.transaction((tx) => down.enqueue(tx, message));
    expect(await down.deliver(id2)).toBe('failed');
    const failed = await row(id2);
    expect(failed.status).toBe('failed');
    expect(failed.error).toBeTruthy();
  });
});
