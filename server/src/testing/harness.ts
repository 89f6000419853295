// Test harness of the route tests: one app per test file, each demo role signed in once.
import { signIn } from '../identity/test-sign-in.ts';
import { callApi, DEMO_LOGINS, type DemoLogin } from './api-caller.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export const LOGINS = DEMO_LOGINS;
export type Login = DemoLogin;

export interface Harness {
  t: TestApp;
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are checked by the assertions
  call(login: Login | null, method: string, url: string, body?: unknown): Promise<{ status: number; body: any }>;
  one<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T>;
  /** The login's bearer token, for a raw request (a file answer). */
  token(login: Login): string;
  /**
   * Maps the demo CBI file's causale 34 (left unmapped by the demo, a credit) of a counterpart to TRANSFER_IN, as the
   * back office; the answer of POST /mapping.
   */
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are checked by the assertions
  mapCausale34(counterpartId: number): Promise<{ status: number; body: any }>;
  /** Row counts of the financial tables and the audit log, to show a rejected call wrote nothing. */
  counts(): Promise<Record<string, number>>;
  /**
   * Loads the clients' data and waits for the background reloads: the next call answers fresh figures. A reload that
   * read its version before a later write leaves the data stale (the next request reloads again), hence the rounds.
   */
  settle(clientIds: number[]): Promise<void>;
}

export interface HarnessOptions {
  /**
   * Remove the demo portfolios, accounts and movements (keeping clients, families, intermediaries, instruments,
   * prices and FX), for tests that assert exact lists and totals of what they create themselves.
   */
  withoutDemoHoldings?: boolean;
  /** Settings of the app (environment variables). */
  env?: Record<string, string>;
}

export async function startHarness({ withoutDemoHoldings = false, env }: HarnessOptions = {}): Promise<Harness> {
  const t = await createTestApp({ listen: true, ...(env ? { env } : {}) });
  if (withoutDemoHoldings) {
    await t.app.db.query('delete from movements');
    await t.app.db.query('delete from accounts');
    await t.app.db.query('delete from portfolios');
  }
  const tokens = new Map<string, string>();
  for (const login of LOGINS) tokens.set(login, (await signIn(t.url, login, 'patrimonio')).accessToken);
  const call: Harness['call'] = (login, method, url, body) => callApi(t, tokens, login, method, url, body);
  const one = async <T>(sql: string, params: unknown[] = []) => (await t.app.db.query<T>(sql, params)).rows[0] as T;
  const counts = async () => {
    const out: Record<string, number> = {};
    for (const table of [
      'financial_intermediaries',
      'branches',
      'portfolios',
      'accounts',
      'portfolio_accounts',
      'audit_log',
    ]) {
      out[table] = (await one<{ n: number }>(`select count(*)::int as n from ${table}`)).n;
    }
    return out;
  };
  const settle = async (clientIds: number[]) => {
    for (let round = 0; round < 10; round++) {
      const { stale } = await t.app.analytics.snapshot(clientIds);
      await t.app.analytics.idle();
      if (!stale) return;
    }
    throw new Error('the analytics store does not settle');
  };
  const token = (login: Login) => tokens.get(login)!;
  const mapCausale34 = (counterpartId: number) =>
    call('backoffice', 'POST', '/api/v1/mapping', {
      counterpartId,
      kind: 'CAUSE',
      code: '34',
      direction: 'CREDIT',
      cause: 'TRANSFER_IN',
      subcause: null,
      instrumentId: null,
      accountId: null,
    });
  return { t, call, one, token, counts, settle, mapCausale34 };
}
