// A movement's portfolios (issue 16: the pending list's portfolio column): the names of the portfolios holding its
// account that the caller sees, in every answer that carries a movement; a testing portfolio's name only for ADMIN,
// BACK_OFFICE or an impersonating session (access/financial-visibility.ts), on the demo data.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Harness, startHarness } from '../../testing/harness.ts';

const API = '/api/v1';
const T = `${API}/movement/temporary`;
let h: Harness;
let rossi: number;
/** The demo's pending BUY imported by the back office on Rossi's custody account of "Portafoglio Intesa". */
let pendingBuy: number;
let custody: number;
let intesa: number;
let simulation: number;

interface Item {
  id: number;
  portfolios: string[];
}
const find = (body: { item: Item[] }, id: number) => body.item.find((m) => m.id === id);

beforeAll(async () => {
  h = await startHarness();
  rossi = Number((await h.one<{ id: number }>("select id from clients where tax_code = 'RSSMRA80A01H501U'")).id);
  const row = await h.one<{ id: number; account_id: number; portfolio_id: number }>(
    `select m.id, m.account_id, p.id as portfolio_id from movements m
       join portfolio_accounts pa on pa.account_id = m.account_id join portfolios p on p.id = pa.portfolio_id
      where m.client_id = $1 and m.status = 'PENDING' and m.cause = 'BUY' and p.name = 'Portafoglio Intesa'`,
    [rossi],
  );
  pendingBuy = Number(row.id);
  custody = Number(row.account_id);
  intesa = Number(row.portfolio_id);
  simulation = Number(
    (
      await h.one<{ id: number }>(
        "select id from portfolios where client_id = $1 and name = 'Simulazione UniCredit' and testing",
        [rossi],
      )
    ).id,
  );
});
afterAll(async () => {
  await h?.t.close();
});

describe("a movement's portfolios", () => {
  test('a pending row of the demo names its portfolio, for the back office and for the adviser', async () => {
    for (const login of ['backoffice', 'pro', 'admin'] as const) {
      const list = await h.call(login, 'GET', `${T}/waiting?size=100000&lastMonth=0`);
      expect(list.status, login).toBe(200);
      expect(find(list.body, pendingBuy)?.portfolios, login).toEqual(['Portafoglio Intesa']);
      // Every pending row of the demo is on an account of one portfolio.
      for (const m of list.body.item as Item[]) expect(m.portfolios, `${login} ${m.id}`).toHaveLength(1);
    }
    const rejected = await h.call('backoffice', 'GET', `${T}/rejected?size=100000`);
    expect(rejected.body.item.length).toBeGreaterThan(0);
    for (const m of rejected.body.item as Item[]) expect(m.portfolios).toHaveLength(1);
  });

  test("a testing portfolio's name is shown to the back office and an admin, not to the adviser", async () => {
    // The custody account is also held by Rossi's testing portfolio (the account itself is not testing).
    await h.t.app.db.query('insert into portfolio_accounts (portfolio_id, account_id) values ($1, $2)', [
      simulation,
      custody,
    ]);
    try {
      const both = ['Portafoglio Intesa', 'Simulazione UniCredit'];
      const seen = { backoffice: both, admin: both, pro: ['Portafoglio Intesa'] } as const;
      for (const [login, names] of Object.entries(seen) as [keyof typeof seen, string[]][]) {
        const list = await h.call(login, 'GET', `${T}/waiting?size=100000&lastMonth=0`);
        expect(find(list.body, pendingBuy)?.portfolios, `${login} pending list`).toEqual(names);
        const one = await h.call(login, 'GET', `${API}/movement/${pendingBuy}`);
        expect(one.body.portfolios, `${login} one movement`).toEqual(names);
        const movements = await h.call(login, 'POST', `${API}/movement/list?ptfId=${intesa}&size=100000`, {
          status: 'PENDING',
        });
        expect(find(movements.body, pendingBuy)?.portfolios, `${login} portfolio movements`).toEqual(names);
      }
      // Past the last page the total is counted apart (without the portfolios' parameters).
      const past = await h.call('pro', 'GET', `${T}/waiting?size=1&page=100000&lastMonth=0`);
      expect(past.status).toBe(200);
      expect(past.body.item).toEqual([]);
      expect(past.body.total).toBe((await h.call('pro', 'GET', `${T}/count`)).body.count);
      const edited = await h.call('pro', 'PUT', `${T}/${pendingBuy}`, await editBody());
      expect(edited.status).toBe(200);
      expect(edited.body.portfolios).toEqual(['Portafoglio Intesa']);
    } finally {
      await h.t.app.db.query('delete from portfolio_accounts where portfolio_id = $1 and account_id = $2', [
        simulation,
        custody,
      ]);
    }
  });
});

/** The pending BUY's own fields, as an edit sends them (nothing changed). */
async function editBody() {
  const m = await h.one<{ cause: string; instrument_id: number; account_id: number }>(
    'select cause, instrument_id, account_id from movements where id = $1',
    [pendingBuy],
  );
  return { cause: m.cause, subcause: null, instrumentId: Number(m.instrument_id), accountId: Number(m.account_id) };
}
