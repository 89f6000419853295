// The stored valuation series' bookkeeping (migration 025, series-store.ts, figures.ts): each version bump records the
// first day it can move (movements and prices from their dates, FX rates too unless before a currency's first rate,
// everything else every day), changedSince reads them back, and the figures' bytes decode to the figures encoded.
import {
  dailyFigures,
  type PortfolioInput,
  periodValuation,
  seriesFromFigures,
  valuationSeries,
} from '@patrimonio/engine';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { decodeFigures, encodeFigures } from './figures.ts';
import { changedSince } from './series-store.ts';

let t: TestApp;
const demo = { client: 0, account: 0, instrument: 0, user: 0 };

const one = async <T>(sql: string, params: unknown[] = []) => (await t.app.db.query<T>(sql, params)).rows[0]!;
const versionOf = async (id: number) =>
  Number((await one<{ v: string }>('select version as v from analytics_versions where client_id = $1', [id])).v);
/** The change recorded for an id's current version: its first day, or null for every day. */
const lastChange = async (id: number) =>
  (
    await one<{ d: string | null }>(
      `select to_char(changed_from, 'YYYY-MM-DD') as d from analytics_changes where client_id = $1 and version = $2`,
      [id, await versionOf(id)],
    )
  ).d;

beforeAll(async () => {
  t = await createTestApp();
  const r = await one<{ client: string; account: string; instrument: string; user: string }>(
    `select a.client_id as client, a.id as account,
        (select id from instruments order by id limit 1) as instrument, (select id from users order by id limit 1) as user
       from accounts a order by a.id limit 1`,
  );
  demo.client = Number(r.client);
  demo.account = Number(r.account);
  demo.instrument = Number(r.instrument);
  demo.user = Number(r.user);
});
afterAll(async () => {
  await t?.close();
});

describe('analytics_changes', () => {
  test('a movement written records its date; an edit the earlier of its dates; a delete the date it had', async () => {
    const { id } = await one<{ id: number }>(
      `insert into movements (account_id, client_id, date_time, cause, currency_id, amount, status, created_by)
       select $1, $2, timestamp '2025-03-10 18:00:00', 'DEPOSIT', c.id, 100, 'APPROVED', $3
         from currencies c where c.iso = 'EUR' returning id`,
      [demo.account, demo.client, demo.user],
    );
    expect(await lastChange(demo.client)).toBe('2025-03-10');
    await t.app.db.query(`update movements set date_time = timestamp '2025-01-20 09:00:00' where id = $1`, [id]);
    expect(await lastChange(demo.client)).toBe('2025-01-20');
    await t.app.db.query(`update movements set date_time = timestamp '2025-02-01 09:00:00' where id = $1`, [id]);
    expect(await lastChange(demo.client)).toBe('2025-01-20');
    await t.app.db.query('delete from movements where id = $1', [id]);
    expect(await lastChange(demo.client)).toBe('2025-02-01');
  });

  test('an account changed moves every day', async () => {
    await t.app.db.query('update accounts set name = name where id = $1', [demo.account]);
    expect(await lastChange(demo.client)).toBeNull();
  });

  test('prices record their earliest date; FX rates too, unless no rate of the currency is before them', async () => {
    await t.app.db.query(
      `insert into prices (instrument_id, date, price) values ($1, '2026-02-03', 10), ($1, '2026-01-05', 11)
       on conflict (instrument_id, date) do update set price = excluded.price`,
      [demo.instrument],
    );
    expect(await lastChange(0)).toBe('2026-01-05');
    await t.app.db.query(`delete from prices where instrument_id = $1 and date = '2026-02-03'`, [demo.instrument]);
    expect(await lastChange(0)).toBe('2026-02-03');

    // A currency with no rate yet: its first rate is back-filled over every earlier day.
    const { id: currency } = await one<{ id: number }>(
      `select c.id from currencies c where not exists (select 1 from fx_rates r where r.currency_id = c.id)
        order by c.id limit 1`,
    );
    await t.app.db.query(`insert into fx_rates (currency_id, date, rate) values ($1, '2026-03-02', 1.5)`, [currency]);
    expect(await lastChange(0)).toBeNull();
    await t.app.db.query(`insert into fx_rates (currency_id, date, rate) values ($1, '2026-03-09', 1.6)`, [currency]);
    expect(await lastChange(0)).toBe('2026-03-09');
    await t.app.db.query(`update fx_rates set rate = 1.7 where currency_id = $1 and date = '2026-03-09'`, [currency]);
    expect(await lastChange(0)).toBe('2026-03-09');
    // The first rate deleted: the next one is back-filled now.
    await t.app.db.query(`delete from fx_rates where currency_id = $1 and date = '2026-03-02'`, [currency]);
    expect(await lastChange(0)).toBeNull();
    await t.app.db.query('delete from fx_rates where currency_id = $1', [currency]);
  });

  test('changedSince: the earliest change of the versions between, of the client and the market', async () => {
    const from = { clientVersion: await versionOf(demo.client), marketVersion: await versionOf(0) };
    expect(await changedSince(t.app.db, demo.client, from, from)).toBe('same');
    await t.app.db.query(
      `insert into prices (instrument_id, date, price) values ($1, '2026-04-01', 12)
       on conflict (instrument_id, date) do update set price = excluded.price`,
      [demo.instrument],
    );
    const { id } = await one<{ id: number }>(
      `insert into movements (account_id, client_id, date_time, cause, currency_id, amount, status, created_by)
       select $1, $2, timestamp '2026-05-04 10:00:00', 'DEPOSIT', c.id, 100, 'APPROVED', $3
         from currencies c where c.iso = 'EUR' returning id`,
      [demo.account, demo.client, demo.user],
    );
    const to = { clientVersion: await versionOf(demo.client), marketVersion: await versionOf(0) };
    expect(await changedSince(t.app.db, demo.client, from, to)).toBe('2026-04-01');
    expect(await changedSince(t.app.db, demo.client, { ...from, marketVersion: to.marketVersion }, to)).toBe(
      '2026-05-04',
    );
    // A version without its row (stored before changes were recorded, or forgotten): every day.
    await t.app.db.query('delete from analytics_changes where client_id = $1 and version = $2', [
      demo.client,
      to.clientVersion,
    ]);
    expect(await changedSince(t.app.db, demo.client, from, to)).toBeNull();
    // Versions going back (a series stored at later versions than asked): every day.
    expect(await changedSince(t.app.db, demo.client, to, from)).toBeNull();
    await t.app.db.query('delete from movements where id = $1', [id]);
  });
});

describe('stored figures', () => {
  test('decode the figures encoded, as views on the bytes, and make the same series', () => {
    const input: PortfolioInput = {
      accounts: [
        {
          id: 1,
          name: 'Conto',
          accountType: 'CONTO_CORRENTE',
          currency: 'EUR',
          intermediaryId: 1,
          intermediaryName: 'Banca',
          ownerId: 1,
          ownerName: 'Rossi',
        },
      ],
      instruments: [],
      movements: [
        { id: 1, accountId: 1, date: '2024-01-02', cause: 'DEPOSIT', currency: 'EUR', amount: 1000 },
        { id: 2, accountId: 1, date: '2024-01-05', cause: 'WITHDRAWAL', currency: 'EUR', amount: 250.5 },
      ],
      prices: [],
      fx: [],
    };
    const range = { start: '2024-01-01', end: '2024-01-10' };
    const series = valuationSeries(input, range);
    const figures = dailyFigures(series)!;
    const bytes = encodeFigures(figures);
    const shared = new SharedArrayBuffer(bytes.byteLength);
    new Uint8Array(shared).set(bytes);
    const decoded = decodeFigures(shared);
    expect(decoded).toEqual(figures);
    expect(decoded.portfolio.value.buffer).toBe(shared);
    expect([...decoded.portfolio.value]).toEqual([0, 1000, 1000, 1000, 749.5, 749.5, 749.5, 749.5, 749.5, 749.5]);
    const again = seriesFromFigures(input, decoded)!;
    expect(again.full).toEqual(series.full);
    expect(periodValuation(again, { start: '2024-01-03', end: '2024-01-06' })).toEqual(
      periodValuation(series, { start: '2024-01-03', end: '2024-01-06' }),
    );
    // Bytes cut short are refused, not read as other figures.
    expect(() => decodeFigures(shared.slice(0, shared.byteLength - 8))).toThrow(RangeError);
  });
});
