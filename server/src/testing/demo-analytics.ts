// What the analytics tests compute on in the demo data: the demo adviser `pro` as the caller, and its portfolio with
// the most movements (with its client and first current account).
import type { Queryable } from '../db/database.ts';
import type { AuthUser } from '../identity/types.ts';

export interface DemoBook {
  pro: AuthUser;
  portfolio: number;
  client: number;
  /** The portfolio's first current account (CONTO_CORRENTE). */
  account: number;
}

export async function demoBook(db: Queryable): Promise<DemoBook> {
  const one = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows[0]!;
  const user = await one<{ id: number; name: string }>("select id, name from users where login = 'pro'");
  const pro: AuthUser = {
    sub: String(user.id),
    userId: user.id,
    role: 'PRO',
    permissions: [],
    name: user.name,
    impersonator: null,
  };
  const biggest = await one<{ id: number; client_id: number }>(
    `select p.id, p.client_id from portfolios p join clients c on c.id = p.client_id
       join portfolio_accounts pa on pa.portfolio_id = p.id join movements m on m.account_id = pa.account_id
      where c.created_by = $1 and not p.testing group by p.id order by count(*) desc limit 1`,
    [user.id],
  );
  const account = await one<{ id: number }>(
    `select a.id from accounts a join portfolio_accounts pa on pa.account_id = a.id
      where pa.portfolio_id = $1 and a.account_type = 'CONTO_CORRENTE' order by a.id limit 1`,
    [biggest.id],
  );
  return { pro, portfolio: Number(biggest.id), client: Number(biggest.client_id), account: Number(account.id) };
}
