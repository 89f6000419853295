// The valuation series (issue 21, "Analytics speed"): the engine's threads keep, per engine input and data version,
// one valuation of every day (engine/src/series.ts, valuations.ts) that the calls of a screen read their periods from.
// After a write (a movement inserted, edited or deleted in the middle of the period, a price changed) the answers equal
// a full recomputation (valuePortfolio and compositionsOf on the data as it is now, in this thread, without any series):
// the days before the change keep their figures, the days from it on move. Two API processes answer the same. The
// stored series (valuation_series, migration 025) follow: the analytics-series job stores them at the new versions,
// valuing only the days from the change on, and a thread given them values no day.
import { addDays, compositionsOf, daysBetween, type Period, roundMoney, valuePortfolio } from '@patrimonio/engine';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signIn } from '../identity/test-sign-in.ts';
import type { AuthUser } from '../identity/types.ts';
import { demoBook } from '../testing/demo-analytics.ts';
import { backgroundIdle, createTestApp, type TestApp } from '../testing/test-app.ts';
import { withNames } from './inputs.ts';
import { loadScope, resolveScope } from './scope.ts';
import { decodeHeld } from './snapshot-bytes.ts';

const PERIOD: Period = { start: '2019-12-31', end: '2026-06-30' };
const QUERY = `dateFrom=${PERIOD.start}&dateTo=${PERIOD.end}`;
/** Dates of the writes, in the middle of the period. */
const INSERTED = '2022-03-15';
const MOVED = '2023-09-20';
/** A date inside the stored series' range (the demo's movements start in late 2023). */
const MIDDLE = '2025-06-16';

let a: TestApp;
let b: TestApp;
const tokens = new Map<TestApp, string>();
let pro: AuthUser;
const demo = { portfolio: 0, client: 0, account: 0, instrument: 0 };

const one = async <T>(sql: string, params: unknown[] = []) => (await a.app.db.query<T>(sql, params)).rows[0]!;

beforeAll(async () => {
  a = await createTestApp({ listen: true });
  b = await createTestApp({ sameDatabaseAs: a, listen: true, env: { PUBLIC_URL: a.url } });
  await backgroundIdle(a.app);
  await backgroundIdle(b.app);
  tokens.set(a, (await signIn(a.url, 'pro', 'patrimonio')).accessToken);
  tokens.set(b, (await signIn(a.url, 'pro', 'patrimonio')).accessToken);
  const book = await demoBook(a.app.db);
  pro = book.pro;
  demo.portfolio = book.portfolio;
  demo.client = book.client;
  demo.account = book.account;
  // The instrument the portfolio trades most, held across the period.
  demo.instrument = Number(
    (
      await one<{ id: number }>(
        `select m.instrument_id as id from movements m join portfolio_accounts pa on pa.account_id = m.account_id
          where pa.portfolio_id = $1 and m.cause = 'BUY' group by m.instrument_id order by count(*) desc limit 1`,
        [demo.portfolio],
      )
    ).id,
  );
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

interface Screen {
  performance: { data: Array<{ date: string; total: number; triplaA: number }>; result: number | null };
  triplaA: object;
  sintetico: object;
}

/** The three calls of a screen at once, as the portal makes them, once the app answers from the current data. */
async function screen(t: TestApp): Promise<Screen> {
  const get = async (path: string) => {
    const res = await fetch(`${t.url}${path}`, { headers: { authorization: `Bearer ${tokens.get(t)}` } });
    expect(res.status).toBe(200);
    return res.json();
  };
  for (let k = 0; k < 100; k++) {
    const [performance, triplaA, sintetico] = await Promise.all([
      get(`/api/v2/report/${demo.portfolio}/performance?${QUERY}&fullData=true`),
      get(`/api/v2/report/${demo.portfolio}/triplaA?${QUERY}`),
      get(`/api/v1/report/${demo.portfolio}/sintetico?date=${PERIOD.end}`),
    ]);
    if (![performance, triplaA, sintetico].some((x) => x.recalculationInProgress)) {
      for (const x of [performance, triplaA, sintetico]) delete x.recalculationInProgress;
      return { performance, triplaA, sintetico };
    }
    await a.app.analytics.idle();
  }
  throw new Error('still recalculating');
}

/**
 * The same figures computed anew in this thread from the data as it is now: valuePortfolio over the period (no series)
 * for the daily totals, and the engine's threads' triplaA and sintetico against compositionsOf of such valuations.
 */
async function checkAgainstFullRecomputation(t: TestApp, s: Screen) {
  const scope = await resolveScope(t.app.db, pro, String(demo.portfolio), {});
  const { data, names, recalculationInProgress } = await loadScope(t.app.db, t.app.analytics, scope);
  expect(recalculationInProgress).toBe(false);
  const decoded = decodeHeld(data);
  const input = withNames(scope.input(decoded.market, decoded.clients), names);
  const v = valuePortfolio(input, PERIOD);
  // No warnings: the threads read these periods from their series (valuations.ts values a period with warnings anew).
  expect(v.warnings).toEqual([]);
  expect(s.performance.data.map((d) => [d.date, d.total])).toEqual(
    v.dates.map((date, i) => [date, roundMoney(v.portfolio.value[i]!)]),
  );
  const day = { start: addDays(PERIOD.end, -1), end: PERIOD.end };
  const [triplaA, sintetico] = await Promise.all([
    t.app.engine.run('triplaA', { period: PERIOD }, scope.spec, data, names),
    t.app.engine.run('sintetico', { date: PERIOD.end }, scope.spec, data, names),
  ]);
  expect(triplaA).toEqual(compositionsOf(v).triplaA);
  expect(sintetico).toEqual({ date: PERIOD.end, ...compositionsOf(valuePortfolio(input, day)).sintetic });
}

/**
 * Both processes answer the data as it is now, the same figures, equal to a full recomputation; the portfolio's
 * stored series is then at the data's versions, made by valuing the days from `changedFrom` on ('whole': every day,
 * as when the first movement moves, and with it the series' first day).
 */
async function current(changedFrom?: string): Promise<Screen> {
  const fromA = await screen(a);
  const fromB = await screen(b);
  expect(fromB).toEqual(fromA);
  await checkAgainstFullRecomputation(a, fromA);
  await backgroundIdle(a.app);
  await backgroundIdle(b.app);
  if (changedFrom !== undefined) await checkStoredSeries(changedFrom);
  return fromA;
}

async function checkStoredSeries(changedFrom: string) {
  const scope = await resolveScope(a.app.db, pro, String(demo.portfolio), {});
  const { data } = await loadScope(a.app.db, a.app.analytics, scope);
  const client = data.clients.find((c) => c.clientId === demo.client)!;
  const row = await one<{ client_version: string; market_version: string; start: string; end: string; days: number }>(
    `select client_version, market_version, to_char(range_start, 'YYYY-MM-DD') as start,
        to_char(range_end, 'YYYY-MM-DD') as end, days_valued as days
       from valuation_series where client_id = $1 and scope = $2`,
    [demo.client, `portfolio:${demo.portfolio}`],
  );
  expect([Number(row.client_version), Number(row.market_version)]).toEqual([client.version, data.market.version]);
  expect(row.days).toBe(daysBetween(changedFrom === 'whole' ? row.start : changedFrom, row.end) + 1);
  // A thread given the stored figures of the data's versions values no day to make the series. A process that looked
  // them up before they were stored asks again within 2 s.
  let figures = await a.app.analytics.figuresFor(scope.spec, data);
  for (let k = 0; k < 60 && figures?.changedFrom !== null; k++) {
    await new Promise((r) => setTimeout(r, 100));
    figures = await a.app.analytics.figuresFor(scope.spec, data);
  }
  expect(figures?.changedFrom).toBeNull();
  const made = await a.app.engine.run('seriesFigures', {}, scope.spec, data, [], figures);
  expect(made.daysValued).toBe(0);
  expect(made.range).toEqual({ start: row.start, end: row.end });
}

/** The daily totals before `date` are those of `before`; from `date` on, some differ. */
function movedFrom(before: Screen, after: Screen, date: string) {
  const split = (s: Screen) => ({
    earlier: s.performance.data.filter((d) => d.date < date).map((d) => d.total),
    later: s.performance.data.filter((d) => d.date >= date).map((d) => d.total),
  });
  const x = split(before);
  const y = split(after);
  expect(x.earlier.length).toBeGreaterThan(100);
  expect(y.earlier).toEqual(x.earlier);
  expect(y.later).not.toEqual(x.later);
}

/** An approved deposit in euros on the demo account at `dateTime` (SQL, as any write): its id. */
async function deposit(dateTime: string, amount: number): Promise<number> {
  const { id } = await one<{ id: number }>(
    `insert into movements (account_id, client_id, date_time, cause, currency_id, amount, status, created_by)
     select $1, $2, $3::timestamp, 'DEPOSIT', c.id, $4, 'APPROVED', $5 from currencies c where c.iso = 'EUR' returning id`,
    [demo.account, demo.client, dateTime, amount, pro.userId],
  );
  return id;
}

describe('the valuation series after writes', () => {
  test('a movement inserted, edited and deleted in the middle: answers follow from its date on, as a full recomputation', async () => {
    const original = await current();

    const id = await deposit(`${INSERTED} 10:00:00`, 25000);
    // Before the first movement: the series starts earlier, every day is valued.
    const inserted = await current('whole');
    movedFrom(original, inserted, INSERTED);
    const day = inserted.performance.data.findIndex((d) => d.date === INSERTED);
    expect(inserted.performance.data[day]!.total).toBeCloseTo(original.performance.data[day]!.total + 25000, 2);

    await a.app.db.query(
      `update movements set amount = 40000, date_time = timestamp '${MOVED} 10:00:00' where id = $1`,
      [id],
    );
    const edited = await current('whole');
    // The edit moves the deposit from INSERTED to MOVED: the days before INSERTED are as they were.
    movedFrom(inserted, edited, INSERTED);
    expect(edited.performance.data.filter((d) => d.date < MOVED).map((d) => d.total)).toEqual(
      original.performance.data.filter((d) => d.date < MOVED).map((d) => d.total),
    );

    await a.app.db.query('delete from movements where id = $1', [id]);
    const deleted = await current('whole');
    movedFrom(edited, deleted, MOVED);
    expect(deleted).toEqual(original);
  });

  test('a movement inside the stored series: only the days from it on are valued again', async () => {
    const original = await current();
    const id = await deposit(`${MIDDLE} 09:30:00`, 1000);
    const inserted = await current(MIDDLE);
    movedFrom(original, inserted, MIDDLE);
    const { days, whole } = await one<{ days: number; whole: number }>(
      `select days_valued as days, range_end - range_start + 1 as whole from valuation_series
        where client_id = $1 and scope = $2`,
      [demo.client, `portfolio:${demo.portfolio}`],
    );
    expect(days).toBeLessThan(whole / 2);
    await a.app.db.query('delete from movements where id = $1', [id]);
    expect(await current(MIDDLE)).toEqual(original);
  });

  test('a price changed in the middle: answers follow from its date on, as a full recomputation', async () => {
    const original = await current();
    // A close of an instrument the portfolio holds then (bought before it, not all sold by it).
    const { date } = await one<{ date: string }>(
      `select to_char(p.date, 'YYYY-MM-DD') as date from prices p
        where p.instrument_id = $1 and p.date > $3::date and p.date < $4::date
          and (select sum(case when m.cause = 'BUY' then m.quantity else -m.quantity end) from movements m
                 join portfolio_accounts pa on pa.account_id = m.account_id
                where pa.portfolio_id = $2 and m.instrument_id = $1 and m.cause in ('BUY', 'SELL')
                  and m.date_time::date <= p.date) > 0
        order by p.date limit 1`,
      [demo.instrument, demo.portfolio, '2021-05-01', PERIOD.end],
    );
    await a.app.db.query('update prices set price = price * 1.5 where instrument_id = $1 and date = $2', [
      demo.instrument,
      date,
    ]);
    const changed = await current(date);
    movedFrom(original, changed, date);

    await a.app.db.query('update prices set price = price / 1.5 where instrument_id = $1 and date = $2', [
      demo.instrument,
      date,
    ]);
    const restored = await current(date);
    movedFrom(changed, restored, date);
    expect(restored.performance.data).toEqual(original.performance.data);
  });
});
