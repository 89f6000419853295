// The reconciliation controls (issue 16; spec portal-and-report 2, data-and-admin 6 and 9): each portfolio against
// the bank's own balances and positions. The list reads the results the controls-check job stored (jobs/controls.ts);
// the detail at a bank date computes our figures now, in the engine's worker threads, from the analytics store's
// snapshot (flagged recalculationInProgress while it is behind), and compares them with the bank's rows
// (analytics/controls.ts). Accepting a difference records a mandatory note (audited) and makes the date OK.
// Who: access/controls.ts (ADMIN, BACK_OFFICE, PRO; a DELEGATE with MANAGE_CONTROL; BASIC 403); ids the caller may not
// see, and a portfolio not of the clientId named, answer 404.
import { addDays } from '@patrimonio/engine';
import { type ControlDetail, routes } from '@patrimonio/shared-api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audit } from '../../access/audit.ts';
import { assertVisibleClient } from '../../access/clients.ts';
import { assertMayControl, CONTROL_ROLES, controlledPortfolio } from '../../access/controls.ts';
import { compareAt } from '../../analytics/controls.ts';
import {
  acceptanceAt,
  acceptDifferences,
  advanceLastQuantityCheckOk,
  bankDates,
  bankRows,
  listControlRows,
  markResultOk,
  portfolioAccounts,
} from '../../data/controls.ts';
import { instrumentsByIsin } from '../../data/financial/instruments.ts';
import { listMovements } from '../../data/financial/movements.ts';
import type { Portfolio } from '../../data/financial/portfolios.ts';
import type { AuthUser } from '../../identity/types.ts';
import { CONTROLS_CHECK } from '../../jobs/controls.ts';
import { caller } from '../../plugins/auth.ts';
import { badRequest } from '../../plugins/errors.ts';
import { route } from '../../plugins/route.ts';
import { controlUploadRoutes } from './uploads.ts';

/** The most transactions a detail lists (the movements contract's largest page). */
const MAX_TRANSACTIONS = 100000;

export async function controlRoutes(app: FastifyInstance): Promise<void> {
  /** The bank dates of the accounts of a portfolio the caller sees, newest first. */
  const datesOf = async (portfolio: Portfolio) => bankDates(app.db, portfolio.accountIds);

  /**
   * The caller (one who may manage the controls), the portfolio of the path's ids (404 unless the caller sees it and
   * it is of that client) and its bank dates.
   */
  async function controlOf(request: FastifyRequest & { params: { clientId: number; portfolioId: number } }) {
    const user = caller(request);
    assertMayControl(user);
    const portfolio = await controlledPortfolio(app.db, user, request.params.clientId, request.params.portfolioId);
    return { user, portfolio, dates: await datesOf(portfolio) };
  }

  /** 400 unless `date` is one of the portfolio's bank dates. */
  const assertBankDate = (dates: string[], date: string, field: string) => {
    if (!dates.includes(date))
      throw badRequest(
        [{ field, message: 'not a date with bank data for the portfolio' }],
        `The bank sent no balance or position for the accounts of this portfolio on ${date}`,
      );
  };

  /** The portfolio against the bank at `date` (a bank date; null: the latest), as the caller sees its accounts. */
  async function detail(user: AuthUser, portfolio: Portfolio, dates: string[], at?: string): Promise<ControlDetail> {
    const date = at ?? dates[0] ?? null;
    const base = {
      clientId: portfolio.clientId,
      client: portfolio.owner,
      portfolioId: portfolio.id,
      portfolio: portfolio.name,
      bankDates: dates,
      lastQuantityCheckOkDate: portfolio.lastQuantityCheckOkDate,
    };
    if (date === null)
      return {
        ...base,
        date: null,
        previousCheckDate: null,
        status: 'NO_BANK_DATA',
        differences: 0,
        balances: [],
        quantities: [],
        transactions: [],
        prices: [],
        accepted: null,
        recalculationInProgress: false,
      };
    const previousCheckDate = dates[dates.indexOf(date) + 1] ?? null;
    const accounts = await portfolioAccounts(app.db, portfolio.id, portfolio.accountIds);
    const snapshot = await app.analytics.snapshot([portfolio.clientId]);
    const [ours] = await app.engine.run(
      'controlFigures',
      { dates: [date] },
      { kind: 'accounts', clientId: portfolio.clientId },
      snapshot.data,
      [],
    );
    const bank = (await bankRows(app.db, portfolio.accountIds, [date])).get(date)!;
    const registry = new Map(
      [
        ...(await instrumentsByIsin(
          app.db,
          bank.positions.map((p) => p.isin),
        )),
      ].map(([isin, i]) => [isin, { id: i.id, name: i.name, currency: i.iso }]),
    );
    const check = compareAt(accounts, ours!, bank, registry);
    const accepted = await acceptanceAt(app.db, portfolio.id, date);
    const transactions = await listMovements(
      app.db,
      user,
      { ptfId: portfolio.id },
      { page: 1, size: MAX_TRANSACTIONS, sort: 'dateTime,asc' },
      { ...(previousCheckDate ? { dateFrom: addDays(previousCheckDate, 1) } : {}), dateTo: date, status: 'APPROVED' },
      MAX_TRANSACTIONS,
    );
    return {
      ...base,
      date,
      previousCheckDate,
      status: check.differences === 0 || accepted ? 'OK' : 'DIFFERENCES',
      differences: accepted ? 0 : check.differences,
      balances: check.balances,
      quantities: check.quantities,
      transactions: transactions.item,
      prices: check.prices,
      accepted,
      recalculationInProgress: snapshot.stale,
    };
  }

  route(
    app,
    routes.listControls,
    async (request) => {
      const user = caller(request);
      assertMayControl(user);
      const q = request.query;
      if (q.clientId !== undefined) await assertVisibleClient(app.db, user, q.clientId);
      const page = await listControlRows(app.db, user, q);
      // Figures behind the database (a movement approved or fixed since) are rebuilt, which re-checks the controls.
      await app.analytics.refresh([
        ...new Set(page.item.filter((r) => r.lastCheckDate !== null).map((r) => r.clientId)),
      ]);
      return page;
    },
    { roles: CONTROL_ROLES },
  );

  route(
    app,
    routes.controlDetail,
    async (request) => {
      const { user, portfolio, dates } = await controlOf(request);
      const { date } = request.query;
      if (date !== undefined) assertBankDate(dates, date, 'querystring.date');
      return detail(user, portfolio, dates, date);
    },
    { roles: CONTROL_ROLES },
  );

  route(
    app,
    routes.acceptControl,
    async (request) => {
      const { user, portfolio, dates } = await controlOf(request);
      const { date } = request.body;
      const note = request.body.note.trim();
      assertBankDate(dates, date, 'body.date');
      const lastOk = await app.db.transaction(async (tx) => {
        const before = await acceptDifferences(tx, portfolio.id, date, note, user.userId);
        await markResultOk(tx, portfolio.id, date);
        const moved = await advanceLastQuantityCheckOk(tx, portfolio.id, date);
        const lastQuantityCheckOkDate = moved === undefined ? portfolio.lastQuantityCheckOkDate : date;
        await audit(tx, user, 'accept', 'control', portfolio.id, before ? { date, note: before.note } : null, {
          date,
          note,
          lastQuantityCheckOkDate,
        });
        return lastQuantityCheckOkDate;
      });
      await app.jobs.send(CONTROLS_CHECK, { clientId: portfolio.clientId });
      return detail(user, { ...portfolio, lastQuantityCheckOkDate: lastOk }, dates, date);
    },
    { roles: CONTROL_ROLES },
  );

  await controlUploadRoutes(app);
}
