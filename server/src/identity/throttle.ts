// Slows down repeated failed sign-ins for the same login. The counter lives in the database (sign_in_failures),
// so every server process sees it. Each attempt counts as a failure before the password is checked (parallel
// guesses each wait their turn); a successful sign-in deletes the counter.
import type { Database } from '../db/database.ts';

/** Failures older than this no longer count. */
export const FAILURE_WINDOW_MINUTES = 15;
/** Attempts after this many recent failures are delayed. */
export const FREE_ATTEMPTS = 3;
export const MAX_DELAY_MS = 10_000;

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
