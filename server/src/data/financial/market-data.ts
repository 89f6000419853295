// The prices and fx_rates tables: end-of-day series per instrument and per currency, from the demo seed (source
// 'demo') or uploaded (source 'upload').
import type { Queryable } from '../../db/database.ts';

/** A value of a series on a date, for the instrument or currency `id` (the value as text: numeric in SQL). */
export interface SeriesValue {
  id: number;
  date: string;
  value: string;
}

/** The tables holding a series per key: the column of the key, its SQL type, and the column of the value. */
const SERIES = {
  prices: { key: 'instrument_id', keyType: 'bigint', value: 'price' },
  fx_rates: { key: 'currency_id', keyType: 'int', value: 'rate' },
} as const;

/**
 * An uploaded series replaces the demo seed's rows (source 'demo') of its key (an instrument's prices, a currency's
 * FX rates) over the range it covers, from its earliest to its latest date, so that a series never mixes generated
 * and real values inside that range (demo rows outside it stay; for prices the stock's priceSources says so).
 * Answers how many demo rows went.
 */
export async function replaceDemoSeries(
  tx: Queryable,
  table: keyof typeof SERIES,
  rows: { id: number; date: string }[],
): Promise<number> {
  const { key } = SERIES[table];
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

/** Which of these keys (instruments, currencies) have values of the demo seed. */
export async function keysWithDemoValues(
  tx: Queryable,
  table: keyof typeof SERIES,
  ids: number[],
): Promise<Set<number>> {
  const { key, keyType } = SERIES[table];
  const { rows } = await tx.query<{ id: number }>(
    `select k.id from unnest($1::${keyType}[]) as k(id)
      where exists (select 1 from ${table} s where s.${key} = k.id and s.source = 'demo')`,
    [ids],
  );
  return new Set(rows.map((r) => Number(r.id)));
}

/**
 * Stores uploaded values of a series (prices per instrument, FX rates per currency), replacing those of the same key
 * and date. Answers how many of the values replaced were the demo seed's (as replaceDemoSeries counts them); with
 * `demo` false (none of the keys has demo values: keysWithDemoValues) they are not looked for.
 */
export async function upsertSeries(
  tx: Queryable,
  table: keyof typeof SERIES,
  ok: SeriesValue[],
  demo = true,
): Promise<number> {
  const { key, value, keyType } = SERIES[table];
  const params = [ok.map((o) => o.id), ok.map((o) => o.date), ok.map((o) => o.value)];
  if (!demo) {
    await tx.query(
      `insert into ${table} (${key}, date, ${value}) select * from unnest($1::${keyType}[], $2::date[], $3::numeric[])
       on conflict (${key}, date) do update set ${value} = excluded.${value}, source = 'upload'`,
      params,
    );
    return 0;
  }
  // The count reads the table as it was before the insert (one statement, one snapshot).
  const { rows } = await tx.query<{ n: number }>(
    `with t as (select * from unnest($1::${keyType}[], $2::date[], $3::numeric[]) as t(id, d, v)),
     demo as (
       select count(*)::int as n from ${table} s join t on s.${key} = t.id and s.date = t.d where s.source = 'demo'
     ),
     stored as (
       insert into ${table} (${key}, date, ${value}) select id, d, v from t
       on conflict (${key}, date) do update set ${value} = excluded.${value}, source = 'upload'
     )
     select n from demo`,
    params,
  );
  return Number(rows[0]?.n ?? 0);
}
