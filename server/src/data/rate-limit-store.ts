// The store of @fastify/rate-limit in PostgreSQL (table rate_limits), so that every API process counts against the
// same limits: one row per key with its hits and the end of its current window (a fixed window, as the plugin's own
// in-memory store keeps it).
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Queryable } from '../db/database.ts';

type Done = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface CounterRow {
  hits: number;
  ttl_ms: number;
}

/** Counts a hit of `key`: a new window of `windowMs` when there is none or it has ended. */
export async function countHit(
  db: Queryable,
  key: string,
  windowMs: number,
): Promise<{ current: number; ttl: number }> {
  const { rows } = await db.query<CounterRow>(
    `insert into rate_limits (key, hits, resets_at)
     values ($1, 1, now() + make_interval(secs => $2::double precision / 1000))
     on conflict (key) do update set
       hits = case when rate_limits.resets_at <= now() then 1 else rate_limits.hits + 1 end,
       resets_at = case when rate_limits.resets_at <= now() then excluded.resets_at else rate_limits.resets_at end
     returning hits, ceil(greatest(0, extract(epoch from (resets_at - now())) * 1000))::integer as ttl_ms`,
    [key, windowMs],
  );
  const row = rows[0];
  return { current: Number(row?.hits ?? 1), ttl: Number(row?.ttl_ms ?? windowMs) };
}

/** The hits of `key` in its current window, without counting one (0 when the window has ended). */
export async function readHits(db: Queryable, key: string): Promise<{ current: number; ttl: number }> {
  const { rows } = await db.query<CounterRow>(
    `select hits, ceil(extract(epoch from (resets_at - now())) * 1000)::integer as ttl_ms
       from rate_limits where key = $1 and resets_at > now()`,
    [key],
  );
  const row = rows[0];
  return row ? { current: Number(row.hits), ttl: Number(row.ttl_ms) } : { current: 0, ttl: 0 };
}

/** Deletes the counters whose window ended (run with the issuer's purge of expired rows). */
export async function purgeRateLimits(db: Queryable): Promise<void> {
  await db.query('delete from rate_limits where resets_at < now()');
}

/** The store class the plugin's `store` option takes, bound to a database. */
export function postgresRateLimitStore(db: Queryable): FastifyRateLimitStoreCtor {
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, done: Done, timeWindow: number): void {
      countHit(db, key, timeWindow).then(
        (result) => done(null, result),
        (err: Error) => done(err),
      );
    }

    read(key: string, done: Done): void {
      readHits(db, key).then(
        (result) => done(null, result),
        (err: Error) => done(err),
      );
    }

    /** Routes share the table; the plugin's key generator (and group id) keeps their keys apart. */
    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return PostgresRateLimitStore;
}
