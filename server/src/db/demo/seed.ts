// Inserts the financial demo data (intermediaries, instruments, prices, FX, portfolios, accounts, movements)
// in batches, inside the caller's transaction. Prices and FX rates are generated, not market data: the
// prices table has no source column, so they are labelled demo by this module and the instruments' docs only.
import { currencyIdsByIso } from '../../data/currencies.ts';
import type { Queryable } from '../database.ts';
import { DEMO_END_DATE, INSTRUMENTS, INTERMEDIARIES, PORTFOLIOS } from './catalog.ts';
import { type GeneratedMovement, portfolioHistory, priceSeries, type Series, usdSeries } from './generate.ts';
import { italianIban } from './ids.ts';

const BATCH = 2000;

/** Inserts rows with `insert ... select * from unnest($1::t1[], $2::t2[], ...)`, BATCH rows at a time. */
async function insertUnnest(tx: Queryable, head: string, types: string[], rows: unknown[][]): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    const chunk = rows.slice(start, start + BATCH);
    const columns = types.map((_, c) => chunk.map((r) => r[c] ?? null));
    const args = types.map((t, i) => `$${i + 1}::${t}[]`).join(', ');
    await tx.query(`${head} select * from unnest(${args})`, columns);
  }
}

export async function seedFinancial(
  tx: Queryable,
  userIds: Map<string, number>,
  clientIds: Map<string, number>,
  clientPro: Map<string, string>,
): Promise<void> {
  const currency = await currencyIdsByIso(tx);
  const eur = currency.get('EUR')!;
  const usd = currency.get('USD')!;
  const admin = userIds.get('backoffice') ?? null;

  const branchIds = new Map<string, number[]>();
  const fiIds = new Map<string, number>();
  for (const fi of INTERMEDIARIES) {
    const { rows } = await tx.query<{ id: number }>(
      'insert into financial_intermediaries (name, fi_type, abi, bic, created_by) values ($1, $2, $3, $4, $5) returning id',
      [fi.name, fi.type, fi.abi, fi.bic, admin],
    );
    const fiId = Number(rows[0]!.id);
    fiIds.set(fi.key, fiId);
    const ids: number[] = [];
    for (const b of fi.branches) {
      const { rows: br } = await tx.query<{ id: number }>(
        `insert into branches (financial_intermediary_id, name, cab, address, city, created_by)
         values ($1, $2, $3, $4, $5, $6) returning id`,
        [fiId, b.name, b.cab, b.address, b.city, admin],
      );
      ids.push(Number(br[0]!.id));
    }
    branchIds.set(fi.key, ids);
  }

  const instrumentIds = new Map<string, number>();
  for (const i of INSTRUMENTS) {
    const { rows } = await tx.query<{ id: number }>(
      `insert into instruments (isin, name, currency_id, asset_class, macro_asset_class, coupon_rate, coupon_frequency,
         first_coupon_date, maturity_date) values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
      [
        i.isin,
        i.name,
        currency.get(i.currency),
        i.assetClass,
        i.macro,
        i.coupon?.rate ?? null,
        i.coupon?.frequency ?? null,
        i.coupon?.firstDate ?? null,
        i.coupon?.maturity ?? null,
      ],
    );
    instrumentIds.set(i.isin, Number(rows[0]!.id));
  }

  const prices = new Map<string, Series>();
  const priceRows: unknown[][] = [];
  for (const i of INSTRUMENTS) {
    const s = priceSeries(i);
    prices.set(i.isin, s);
    for (const [d, p] of s) priceRows.push([instrumentIds.get(i.isin), d, p, 'demo']);
  }
  await insertUnnest(
    tx,
    'insert into prices (instrument_id, date, price, source)',
    ['bigint', 'date', 'numeric', 'text'],
    priceRows,
  );
  const fx = usdSeries();
  await insertUnnest(
    tx,
    'insert into fx_rates (currency_id, date, rate, source)',
    ['smallint', 'date', 'numeric', 'text'],
    [...fx].map(([d, r]) => [usd, d, r, 'demo']),
  );

  const movementRows: unknown[][] = [];
  let accountNumber = 1000;
  for (const p of PORTFOLIOS) {
    const clientId = clientIds.get(p.clientKey)!;
    const fi = INTERMEDIARIES.find((x) => x.key === p.intermediary)!;
    const pro = userIds.get(clientPro.get(p.clientKey)!) ?? null;
    const history = portfolioHistory(p, prices, fx);
    const { rows: pr } = await tx.query<{ id: number }>(
      `insert into portfolios (client_id, name, currency_id, testing, first_movement_date, last_quantity_check_ok_date,
         created_by) values ($1, $2, $3, $4, $5, $6, $7) returning id`,
      [clientId, p.name, eur, p.testing ?? false, history.firstDate, DEMO_END_DATE, pro],
    );
    const portfolioId = Number(pr[0]!.id);
    const accountIds: Record<'cash' | 'custody', number> = { cash: 0, custody: 0 };
    for (const kind of ['cash', 'custody'] as const) {
      const branch = fi.branches[p.branch]!;
      accountNumber += 7;
      const iban = fi.abi ? italianIban(fi.abi, branch.cab, String(accountNumber)) : null;
      const { rows: ar } = await tx.query<{ id: number }>(
        `insert into accounts (client_id, account_type, name, iban, currency_id, financial_intermediary_id, branch_id,
           testing, created_by) values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
        [
          clientId,
          kind === 'cash' ? 'CONTO_CORRENTE' : 'CUSTODIA_TITOLI',
          `${kind === 'cash' ? 'Conto corrente' : 'Deposito titoli'} ${fi.name}`,
          iban,
          eur,
          fiIds.get(fi.key),
          branchIds.get(fi.key)![p.branch],
          p.testing ?? false,
          pro,
        ],
      );
      accountIds[kind] = Number(ar[0]!.id);
      await tx.query('insert into portfolio_accounts (portfolio_id, account_id) values ($1, $2)', [
        portfolioId,
        accountIds[kind],
      ]);
    }
    const sorted = [...history.movements].sort((a, b) =>
      `${a.date} ${a.time}` < `${b.date} ${b.time}` ? -1 : `${a.date} ${a.time}` > `${b.date} ${b.time}` ? 1 : 0,
    );
    const authors = { pro, backoffice: userIds.get('backoffice') ?? null, client: userIds.get('client') ?? null };
    for (const m of sorted) movementRows.push(movementRow(m, accountIds, clientId, currency, instrumentIds, authors));
  }
  await insertUnnest(
    tx,
    `insert into movements (account_id, client_id, date_time, cause, subcause, currency_id, instrument_id, quantity, price,
       amount, offset_account_id, status, created_by, origin, reject_reason, decided_by, decided_at)`,
    [
      'bigint',
      'bigint',
      'timestamp',
      'text',
      'text',
      'smallint',
      'bigint',
      'numeric',
      'numeric',
      'numeric',
      'bigint',
      'text',
      'bigint',
      'text',
      'text',
      'bigint',
      'timestamptz',
    ],
    movementRows,
  );
}

function movementRow(
  m: GeneratedMovement,
  accounts: Record<'cash' | 'custody', number>,
  clientId: number,
  currency: Map<string, number>,
  instrumentIds: Map<string, number>,
  authors: Record<GeneratedMovement['author'], number | null>,
): unknown[] {
  // Everything booked on the custody account (trades, coupons, dividends, custody fees) settles in the cash account.
  const settlesInCash = m.account === 'custody';
  // A rejected movement: the adviser decided at the end of its day.
  const rejected = m.status === 'REJECTED';
  return [
    accounts[m.account],
    clientId,
    `${m.date} ${m.time}`,
    m.cause,
    m.subcause,
    currency.get(m.currency),
    m.isin ? instrumentIds.get(m.isin) : null,
    m.quantity,
    m.price,
    m.amount.toFixed(2),
    settlesInCash ? accounts.cash : null,
    m.status,
    authors[m.author],
    m.origin,
    m.rejectReason,
    rejected ? authors.pro : null,
    rejected ? `${m.date} 17:30:00+00` : null,
  ];
}
