// Throttling of password and secret guessing, per account and per source address, with state in the database so
// that every server process sees it:
// - per account (a login at the sign-in form, a service account's client id at the token endpoint): the failure
//   counter of sign_in_failures. Each attempt counts as a failure before the password is checked (parallel guesses
//   each wait their turn); a success deletes the counter. After FREE_ATTEMPTS failures every attempt waits longer,
//   and from MAX_FAILURES on attempts are refused (429) until the account has had no attempt for the window.
// - per source address: @fastify/rate-limit with the PostgreSQL store (data/rate-limit-store.ts), every attempt
//   counted, so that guessing across many accounts (password spraying) is slowed too. The address is the one
//   Fastify resolves with TRUST_PROXY: X-Forwarded-For from anyone else changes nothing.
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';

/** Failures older than this no longer count; a refused account waits this long after its last attempt. */
export const FAILURE_WINDOW_MINUTES = 15;
/** Attempts after this many recent failures are delayed. */
export const FREE_ATTEMPTS = 3;
export const MAX_DELAY_MS = 10_000;
/** Attempts after this many recent failures of one account are refused with 429. */
export const MAX_FAILURES = 10;

/**
 * Attempts per source address a minute: sign-in form posts, and token requests. The token endpoint also serves the
 * portal's code exchanges and silent renewals (one per user every few minutes), so that many users behind one
 * office address still fit; a service account's secret is limited per account as well.
 */
export const SOURCE_LIMITS = {
  signIn: { max: 20, timeWindow: 60_000 },
  token: { max: 60, timeWindow: 60_000 },
  /** The password-reset page (GET and POST): a person opens it a few times; a guesser of tokens is slowed. */
  passwordReset: { max: 20, timeWindow: 60_000 },
  /** The forgotten-password page's requests (issue 19): each may send a mail. */
  forgotPassword: { max: 10, timeWindow: 60_000 },
} as const;

/** The wait before answering an attempt that follows `failures` recent failures: 0, then 1 s doubling up to 10 s. */
export function failureDelayMs(failures: number): number {
  if (failures < FREE_ATTEMPTS) return 0;
  return Math.min(MAX_DELAY_MS, 1000 * 2 ** (failures - FREE_ATTEMPTS));
}

export function normaliseLogin(login: string): string {
  return login.trim().toLowerCase().slice(0, 200);
}

/** Counts an attempt as a failure and returns the number of recent failures before it. */
export async function countAttempt(db: Database, login: string): Promise<number> {
  const { rows } = await db.query<{ failures: number }>(
    `insert into sign_in_failures (login, failures, last_failure_at) values ($1, 1, now())
     on conflict (login) do update set
       failures = case
         when sign_in_failures.last_failure_at > now() - make_interval(mins => $2::integer)
         then sign_in_failures.failures + 1 else 1 end,
       last_failure_at = now()
     returning failures`,
    [normaliseLogin(login), FAILURE_WINDOW_MINUTES],
  );
  return (rows[0]?.failures ?? 1) - 1;
}

export async function resetFailures(db: Database, login: string): Promise<void> {
  await db.query('delete from sign_in_failures where login = $1', [normaliseLogin(login)]);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The outcome of an attempt on an account: refused (answer 429 with Retry-After), or go on after the wait. */
export type AccountVerdict = { refused: true; retryAfterSeconds: number } | { refused: false };

/**
 * Counts an attempt on an account (key: a login, or a prefixed client id), then refuses it when the account has
 * MAX_FAILURES recent failures, or waits as failureDelayMs says. A refused attempt counts too: an account under
 * attack stays refused until the attempts stop for FAILURE_WINDOW_MINUTES.
 */
export async function attemptOnAccount(db: Database, key: string): Promise<AccountVerdict> {
  const failures = await countAttempt(db, key);
  if (failures >= MAX_FAILURES) return { refused: true, retryAfterSeconds: FAILURE_WINDOW_MINUTES * 60 };
  const wait = failureDelayMs(failures);
  if (wait > 0) await sleep(wait);
  return { refused: false };
}

/** The account key of a service account (client credentials): apart from any login. */
export const serviceAccountKey = (clientId: string) => `service-account ${clientId}`;

/** A limiter per source address: counts the request and says whether it is over the limit, and for how long. */
export type SourceLimiter = (
  request: FastifyRequest,
) => Promise<{ exceeded: false } | { exceeded: true; retryAfterSeconds: number }>;

/** A limiter of `name`'s attempts per source address (needs @fastify/rate-limit registered on `app`). */
export function sourceLimiter(app: FastifyInstance, name: keyof typeof SOURCE_LIMITS): SourceLimiter {
  const limit = app.createRateLimit({
    ...SOURCE_LIMITS[name],
    // The plugin's normalisation: IPv4-mapped addresses as IPv4, IPv6 by its /64 network.
    keyGenerator: (request) => `${name} ${normalizeIP(request.ip)}`,
  });
  return async (request) => {
    const result = await limit(request);
    if (result.isAllowed || !result.isExceeded) return { exceeded: false };
    return { exceeded: true, retryAfterSeconds: Math.max(1, result.ttlInSeconds) };
  };
}
