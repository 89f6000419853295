// The demo's bank files name real accounts of the demo data: current accounts (and a securities account) of pro's
// clients, at the bank the file comes from, and they carry on from the bank's figures of the demo's bank date
// (db/demo/controls.ts): each statement opens at the balance the bank reported on 2026-11-02, and the positions are
// those it reported then, so that once the movements are approved the controls of 2026-11-03 find no difference.
import { readFileSync } from 'node:fs';
import type { Layout } from '@patrimonio/shared-api';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_BANK_DATE } from '../../db/demo/controls.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { readBankFile } from '../formats/index.ts';
import type { BankAccountRef, ReadBankFile } from '../formats/types.ts';

const sample = (name: string) => readFileSync(new URL(name, import.meta.url));
type Read = Extract<ReadBankFile, { ok: true }>;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface AccountRow {
  id: string;
  account_type: string;
  abi: string | null;
  pro: string;
  currency: string;
}

/** The demo account of an IBAN: its type, its bank's ABI, its client's adviser and its currency. */
async function accountOf(ref: BankAccountRef): Promise<AccountRow> {
  const { rows } = await t.app.db.query<AccountRow>(
    `select a.id::text, a.account_type, fi.abi, u.login as pro, cur.iso as currency
       from accounts a
       join clients c on c.id = a.client_id
       join users u on u.id = c.created_by
       join financial_intermediaries fi on fi.id = a.financial_intermediary_id
       join currencies cur on cur.id = a.currency_id
      where a.iban = $1`,
    [ref.iban],
  );
  expect(rows, `one demo account has the IBAN ${ref.iban}`).toHaveLength(1);
  return rows[0]!;
}

const cents = (amount: string) => BigInt(amount.replace('.', ''));

/** Each statement's closing balance less its movements: the balance it opened at. */
async function expectOpeningsAtTheBankBalance(read: Read, abi: string): Promise<void> {
  expect(read.balances.length).toBeGreaterThan(0);
  for (const balance of read.balances) {
    expect(balance.date > DEMO_BANK_DATE).toBe(true);
    const account = await accountOf(balance.account);
    expect(account).toMatchObject({ account_type: 'CONTO_CORRENTE', abi, pro: 'pro', currency: balance.currency });
    const moved = read.movements
      .filter((m) => m.account.iban === balance.account.iban)
      .reduce((sum, m) => sum + cents(m.amount), 0n);
    const { rows } = await t.app.db.query<{ balance: string }>(
      'select balance::text from bank_balances where account_id = $1 and date = $2',
      [account.id, DEMO_BANK_DATE],
    );
    expect(rows.map((r) => cents(r.balance))).toEqual([cents(balance.balance) - moved]);
  }
}

describe('the demo bank files', () => {
  test('the CBI file: UniCredit current accounts of pro clients, opening at the bank balance of the bank date', async () => {
    const read = (await readBankFile('CBI', sample('demo-unicredit-20261103.cbi'), null)) as Read;
    expect(read.ok).toBe(true);
    await expectOpeningsAtTheBankBalance(read, '02008');
  });

  test('the camt.053 file: an Intesa Sanpaolo current account of a pro client, likewise', async () => {
    const read = (await readBankFile('CAMT053', sample('demo-intesa-camt053-20261103.xml'), null)) as Read;
    expect(read.ok).toBe(true);
    await expectOpeningsAtTheBankBalance(read, '03069');
  });

  test('the positions file: a FinecoBank securities account of a pro client, holding what the bank reported', async () => {
    const layout = JSON.parse(sample('demo-fineco-positions.layout.json').toString('utf8')) as Layout;
    const read = (await readBankFile('LAYOUT', sample('demo-fineco-positions-20261103.csv'), layout)) as Read;
    expect(read.ok).toBe(true);
    const account = await accountOf(read.positions[0]!.account);
    expect(account).toMatchObject({ account_type: 'CUSTODIA_TITOLI', abi: '03015', pro: 'pro' });
    const { rows } = await t.app.db.query<{ isin: string; quantity: string; price: string; currency: string }>(
      `select p.isin, trim_scale(p.quantity)::text as quantity, trim_scale(p.price)::text as price, cur.iso as currency
         from bank_positions p join currencies cur on cur.id = p.currency_id
        where p.account_id = $1 and p.date = $2 order by p.isin`,
      [account.id, DEMO_BANK_DATE],
    );
    const positions = read.positions.map((p) => ({
      isin: p.instrumentCode,
      quantity: p.quantity,
      price: p.price,
      currency: p.currency,
    }));
    expect(positions.sort((a, b) => a.isin.localeCompare(b.isin))).toEqual(rows);
    expect(new Set(read.positions.map((p) => p.account.iban)).size).toBe(1);
    expect(read.positions.every((p) => p.date > DEMO_BANK_DATE)).toBe(true);
  });
});
