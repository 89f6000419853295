// The prices and fx_rates tables: end-of-day series per instrument and per currency, from the demo seed (source
// 'demo') or uploaded (source 'upload').
import type { Queryable } from '../../db/database.ts';

/** A value of a series on a date, for the instrument or currency `id` (the value as text: numeric in SQL). */
export interface SeriesValue {
  id: number;
  date: string;
  value: string;
}

/** The tables holding a series per key whose demo rows an upload replaces, and the column of the key. */
const DEMO_SERIES = { prices: 'instrument_id', fx_rates: 'currency_id' } as const;

/**
 * An uploaded series replaces the demo seed's rows (source 'demo') of its key (an instrument's prices, a currency's
 * FX rates) over the range it covers, from its earliest to its latest date, so that a series never mixes generated
 * and real values inside that range (demo rows outside it stay; for prices the stock's priceSources says so).
 * Answers how many demo rows went.
 */
export async function replaceDemoSeries(
  tx: Queryable,
  table: keyof typeof DEMO_SERIES,
  rows: { id: number; date: string }[],
): Promise<number> {
  const key = DEMO_SERIES[table];
  const { rows: out } = await tx.query<{ n: number }>(
    `with covered as (
       select t.id, min(t.d) as first, max(t.d) as last from unnest($1::bigint[], $2::date[]) as t(id, d) group by t.id
     ), gone as (
       delete from ${table} s using covered c
        where s.${key} = c.id and s.date between c.first and c.last and s.source = 'demo'
       returning 1
     )
     select count(*)::int as n from gone`,
    [rows.map((r) => r.id), rows.map((r) => r.date)],
  );
  return Number(out[0]?.n ?? 0);
}

/** Stores uploaded prices, replacing those of the same instrument and date. */
export async function upsertPrices(tx: Queryable, ok: SeriesValue[]): Promise<void> {
  await tx.query(
    `insert into prices (instrument_id, date, price)
     select * from unnest($1::bigint[], $2::date[], $3::numeric[])
     on conflict (instrument_id, date) do update set price = excluded.price, source = 'upload'`,
    [ok.map((o) => o.id), ok.map((o) => o.date), ok.map((o) => o.value)],
  );
}

/** Stores uploaded FX rates, replacing those of the same currency and date. */
export async function upsertFxRates(tx: Queryable, ok: SeriesValue[]): Promise<void> {
  await tx.query(
    `insert into fx_rates (currency_id, date, rate)
     select * from unnest($1::int[], $2::date[], $3::numeric[])
     on conflict (currency_id, date) do update set rate = excluded.rate, source = 'upload'`,
    [ok.map((o) => o.id), ok.map((o) => o.date), ok.map((o) => o.value)],
  );
}
