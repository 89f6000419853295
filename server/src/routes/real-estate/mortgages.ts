// A property's mortgage (one per property; spec section 3 "Mortgage"), with its residual debt and monthly installment
// today, and its schedule with the residual debt at a date, from the engine (engine/README.md "Mortgages").
// Visible through the property; writes as the property's.
import {
  compareDates,
  effectiveAnnualRate,
  monthlyInstallment,
  mortgageSchedule,
  PAYMENTS_PER_YEAR,
  residualDebt,
} from '@patrimonio/engine';
import {
  MORTGAGE_PRESENT,
  type Mortgage,
  type MortgageInput,
  type MortgageSchedule,
  routes,
} from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../access/audit.ts';
import { FINANCIAL_WRITERS } from '../../access/financial-visibility.ts';
import { visibleRealEstate } from '../../access/real-estate.ts';
import {
  deleteMortgage,
  findMortgage,
  insertMortgage,
  mortgageIdOf,
  updateMortgage,
} from '../../data/real-estate/mortgages.ts';
import type { Queryable } from '../../db/database.ts';
import type { AuthUser } from '../../identity/types.ts';
import { caller } from '../../plugins/auth.ts';
import { HttpError, notFound } from '../../plugins/errors.ts';
import { route } from '../../plugins/route.ts';
import { today } from './common.ts';

/**
 * The mortgage part of a property's save (spec section 5): an object creates the mortgage when there is none and
 * updates it otherwise; null deletes it; absent leaves it. Audited as its own entity.
 */
export async function saveMortgage(
  tx: Queryable,
  user: AuthUser,
  realEstateId: number,
  mortgage: MortgageInput | null | undefined,
): Promise<void> {
  if (mortgage === undefined) return;
  const existing = await mortgageIdOf(tx, realEstateId);
  if (mortgage === null) {
    if (existing === null) return;
    await deleteMortgage(tx, existing);
    await audit(tx, user, 'delete', 'mortgage', existing, { realEstateId }, null);
    return;
  }
  if (existing === null) {
    const id = await insertMortgage(tx, realEstateId, mortgage);
    await audit(tx, user, 'create', 'mortgage', id, null, { realEstateId, ...mortgage });
  } else {
    await updateMortgage(tx, existing, mortgage);
    await audit(tx, user, 'update', 'mortgage', existing, null, { realEstateId, ...mortgage });
  }
}

async function readMortgage(db: Queryable, realEstateId: number, mortgageId: number): Promise<Mortgage> {
  const found = await findMortgage(db, realEstateId, mortgageId);
  if (!found) throw notFound();
  const { id, ...input } = found;
  const at = today();
  return {
    id,
    realEstateId,
    ...input,
    residualDebt: residualDebt(input, at),
    monthlyInstallment: monthlyInstallment(input, at),
  };
}

/** The property (visible, else 404) and its mortgage (else 404), both locked for a write. */
async function visibleMortgage(db: Queryable, user: AuthUser, id: number, mortgageId: number, lock = false) {
  const property = await visibleRealEstate(db, user, id, lock);
  return readMortgage(db, property.id, mortgageId);
}

/**
 * The schedule of a mortgage (engine mortgageSchedule, rows as they fall due) and the residual debt at `date`: the
 * amount less the principal of the installments due on or before it (engine residualDebt).
 */
export function scheduleOf(m: Mortgage, date: string): MortgageSchedule {
  const payments = PAYMENTS_PER_YEAR[m.rataType];
  const annualRate = effectiveAnnualRate(m);
  const rows = mortgageSchedule(m);
  return {
    id: m.id,
    realEstateId: m.realEstateId,
    rataType: m.rataType,
    amortization: m.amortization,
    paymentsPerYear: payments,
    annualRate,
    periodicRate: annualRate / 100 / payments,
    date,
    residualDebtAt: residualDebt(m, date),
    installmentsDueAt: rows.filter((r) => compareDates(r.dueDate, date) <= 0).length,
    rows: rows.map((r) => ({
      number: r.number,
      date: r.dueDate,
      installment: r.installment,
      interest: r.interest,
      principal: r.principal,
      residualDebt: r.residual,
    })),
  };
}

export async function mortgageRoutes(app: FastifyInstance): Promise<void> {
  route(app, routes.getMortgage, async (request) =>
    visibleMortgage(app.db, caller(request), request.params.id, request.params.mortgageId),
  );

  route(app, routes.getMortgageSchedule, async (request) => {
    const m = await visibleMortgage(app.db, caller(request), request.params.id, request.params.mortgageId);
    return scheduleOf(m, request.query.date ?? today());
  });

  route(
    app,
    routes.createMortgage,
    async (request) => {
      const user = caller(request);
      return app.db.transaction(async (tx) => {
        const property = await visibleRealEstate(tx, user, request.params.id, true);
        if (property.mortgageId !== null) throw new HttpError(409, MORTGAGE_PRESENT, 'CONFLICT');
        const id = await insertMortgage(tx, property.id, request.body);
        const after = await readMortgage(tx, property.id, id);
        await audit(tx, user, 'create', 'mortgage', after.id, null, after);
        return after;
      });
    },
    { roles: FINANCIAL_WRITERS },
  );

  route(
    app,
    routes.updateMortgage,
    async (request) => {
      const user = caller(request);
      return app.db.transaction(async (tx) => {
        const before = await visibleMortgage(tx, user, request.params.id, request.params.mortgageId, true);
        await updateMortgage(tx, before.id, request.body);
        const after = await readMortgage(tx, before.realEstateId, before.id);
        await audit(tx, user, 'update', 'mortgage', before.id, before, after);
        return after;
      });
    },
    { roles: FINANCIAL_WRITERS },
  );

  route(
    app,
    routes.deleteMortgage,
    async (request) => {
      const user = caller(request);
      return app.db.transaction(async (tx) => {
        const before = await visibleMortgage(tx, user, request.params.id, request.params.mortgageId, true);
        await deleteMortgage(tx, before.id);
        await audit(tx, user, 'delete', 'mortgage', before.id, before, null);
        return { id: before.id };
      });
    },
    { roles: FINANCIAL_WRITERS },
  );
}
