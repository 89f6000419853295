// The bank's files of the demo data for the reconciliation controls (issue 16): balances and positions at one date for
// the portfolios of pro's clients, made from our own figures at that date through the engine (analytics/controls.ts
// ourFigures, the computation the controls-check job runs), so that they match by construction; except
// - one portfolio whose current account the bank reports 150.00 higher (/controls shows it with one difference),
// - one portfolio the bank sent nothing for (NO_BANK_DATA), as for pro2's clients.
// The checks are then stored as the job stores them, and the matching portfolios' lastQuantityCheckOkDate moves to
// the bank date. No movement, price or other figure of the demo changes.
import { checkClient, storeChecks } from '../../analytics/control-checks.ts';
import { ourFigures } from '../../analytics/controls.ts';
import { inputFor } from '../../analytics/inputs.ts';
import { loadClient, loadMarket, MARKET } from '../../analytics/snapshots.ts';
import { currencyIdsByIso } from '../../data/currencies.ts';
import type { Queryable } from '../database.ts';
import { PORTFOLIOS } from './catalog.ts';

/** The bank's date: the first business day after the demo's last day of data (DEMO_END_DATE, a Friday). */
export const DEMO_BANK_DATE = '2026-11-02';
/** The portfolio whose current account the bank reports off by a round amount, and by how much (bank - ours). */
export const DEMO_BANK_DIFFERENCE = { portfolio: 'romano_mediolanum', amount: 150 } as const;
/** The portfolio the bank sends nothing for (a fiduciary mandate). */
export const DEMO_WITHOUT_BANK_DATA = 'esposito_trust';

export async function seedControls(
  tx: Queryable,
  userIds: Map<string, number>,
  clientIds: Map<string, number>,
  clientPro: Map<string, string>,
): Promise<void> {
  const currency = await currencyIdsByIso(tx);
  const uploader = userIds.get('backoffice') ?? null;
  const market = await loadMarket(tx, MARKET);
  const specs = PORTFOLIOS.filter((p) => clientPro.get(p.clientKey) === 'pro' && p.key !== DEMO_WITHOUT_BANK_DATA);
  for (const clientKey of new Set(specs.map((p) => p.clientKey))) {
    const clientId = clientIds.get(clientKey)!;
    const client = await loadClient(tx, clientId, 0);
    const input = inputFor(market, [{ client, accountIds: [...client.accounts.keys()] }]);
    const [ours] = ourFigures(input, [DEMO_BANK_DATE]);
    const balances: unknown[][] = [];
    const positions: unknown[][] = [];
    for (const spec of specs.filter((p) => p.clientKey === clientKey)) {
      const portfolio = client.portfolios.find((p) => p.name === spec.name)!;
      for (const accountId of portfolio.accountIds) {
        const account = client.accounts.get(accountId)!;
        if (account.accountType === 'CONTO_CORRENTE') {
          const off = spec.key === DEMO_BANK_DIFFERENCE.portfolio ? DEMO_BANK_DIFFERENCE.amount : 0;
          const balance = (ours!.cash.find((c) => c.accountId === accountId)?.balance ?? 0) + off;
          balances.push([accountId, balance.toFixed(2), currency.get(account.currency)]);
          continue;
        }
        for (const line of ours!.lines.filter((l) => l.accountId === accountId)) {
          const price = ours!.prices.find((p) => p.instrumentId === line.instrumentId);
          const instrument = market.instruments.get(line.instrumentId)!;
          // The bank quotes to the cent: its price differs from ours by the rounding (the price table's gaps).
          positions.push([
            accountId,
            line.isin,
            line.quantity,
            price ? price.price.toFixed(2) : null,
            currency.get(instrument.currency),
          ]);
        }
      }
    }
    await tx.query(
      `insert into bank_balances (account_id, date, balance, currency_id, uploaded_by)
       select t.a, $1::date, t.b::numeric, t.c, $2 from unnest($3::bigint[], $4::text[], $5::smallint[]) as t(a, b, c)`,
      [DEMO_BANK_DATE, uploader, ...[0, 1, 2].map((k) => balances.map((r) => r[k]))],
    );
    await tx.query(
      `insert into bank_positions (account_id, date, isin, quantity, price, currency_id, uploaded_by)
       select t.a, $1::date, t.i, t.q, t.p::numeric, t.c, $2
         from unnest($3::bigint[], $4::text[], $5::numeric[], $6::text[], $7::smallint[]) as t(a, i, q, p, c)`,
      [DEMO_BANK_DATE, uploader, ...[0, 1, 2, 3, 4].map((k) => positions.map((r) => r[k]))],
    );
    await storeChecks(tx, await checkClient(tx, clientId, async (dates) => ourFigures(input, dates)));
  }
}
