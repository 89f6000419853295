// The checks of one client's portfolios at every date with bank data for their accounts: what the controls-check job
// (jobs/controls.ts) stores, and the demo seed at its first start. Our figures come from the engine (controls.ts
// ourFigures: the job runs it in the engine's worker threads, the seed in-process on the same data).
import type { IsoDate } from '@patrimonio/engine';
import {
  acceptedDates,
  advanceLastQuantityCheckOk,
  bankRows,
  clientPortfolios,
  type StoredResult,
  storeResults,
} from '../data/controls.ts';
import { instrumentsByIsin } from '../data/financial/instruments.ts';
import type { Queryable } from '../db/database.ts';
import { type BankAt, compareAt, type OurFigures, statusOf } from './controls.ts';

/** Our figures at these dates for every account of the client. */
export type FiguresOf = (dates: IsoDate[]) => Promise<OurFigures[]>;

export interface PortfolioChecks {
  portfolioId: number;
  results: StoredResult[];
}

/** Whether the bank sent anything at that date for one of these accounts. */
const hasRows = (bank: BankAt | undefined, ids: ReadonlySet<number>) =>
  bank !== undefined &&
  ([...bank.balances.keys()].some((id) => ids.has(id)) || bank.positions.some((p) => ids.has(p.accountId)));

/** Checks every bank date of every portfolio of the client (a portfolio without bank data has no results). */
export async function checkClient(db: Queryable, clientId: number, figuresOf: FiguresOf): Promise<PortfolioChecks[]> {
  const portfolios = await clientPortfolios(db, clientId);
  const accountIds = [...new Set(portfolios.flatMap((p) => p.accounts.map((a) => a.id)))];
  const { rows } = await db.query<{ d: string }>(
    `select distinct to_char(date, 'YYYY-MM-DD') as d from (
       select date from bank_balances where account_id = any($1::bigint[])
       union all select date from bank_positions where account_id = any($1::bigint[])) x order by d`,
    [accountIds],
  );
  const dates = rows.map((r) => r.d);
  if (!dates.length) return portfolios.map((p) => ({ portfolioId: p.id, results: [] }));
  const bank = await bankRows(db, accountIds, dates);
  const isins = [...bank.values()].flatMap((b) => b.positions.map((p) => p.isin));
  const registry = new Map(
    [...(await instrumentsByIsin(db, isins))].map(([isin, i]) => [isin, { id: i.id, name: i.name, currency: i.iso }]),
  );
  const ours = new Map((await figuresOf(dates)).map((f) => [f.date, f]));
  const accepted = await acceptedDates(
    db,
    portfolios.map((p) => p.id),
  );
  return portfolios.map((p) => {
    const ids = new Set(p.accounts.map((a) => a.id));
    const results: StoredResult[] = [];
    for (const date of dates) {
      const at = bank.get(date);
      if (!hasRows(at, ids)) continue;
      const { differences } = compareAt(p.accounts, ours.get(date)!, at!, registry);
      results.push({ date, differences, status: statusOf(differences, accepted.get(p.id)?.has(date) ?? false) });
    }
    return { portfolioId: p.id, results };
  });
}

/**
 * Stores the checks (in the caller's transaction) and moves each portfolio's lastQuantityCheckOkDate to its latest OK
 * date when that is later (never back). Answers the portfolios whose date moved.
 */
export async function storeChecks(tx: Queryable, checks: ReadonlyArray<PortfolioChecks>): Promise<number[]> {
  const moved: number[] = [];
  for (const c of checks) {
    await storeResults(tx, c.portfolioId, c.results);
    const latestOk = c.results
      .filter((r) => r.status === 'OK')
      .map((r) => r.date)
      .sort()
      .at(-1);
    if (latestOk && (await advanceLastQuantityCheckOk(tx, c.portfolioId, latestOk)) !== undefined)
      moved.push(c.portfolioId);
  }
  return moved;
}
