// Who sees which planning row (DESIGN.md 3): a planned flow, a recorded flow, a policy, a goal or a simulation is seen
// through its client; a row of a client the caller may not see answers 404. BASIC users work on their own client's
// rows, writes included (planning is the client's own); whose data a list or a create is about: access/owners.ts.
import type { Flow, FlowRecord, Goal, Policy, Simulation } from '@patrimonio/shared-api';
import { FLOW_SELECT, RECORD_SELECT, toFlow, toFlowRecord } from '../data/planning/flows.ts';
import { GOAL_SELECT, toGoal } from '../data/planning/goals.ts';
import { POLICY_SELECT, toPolicy } from '../data/planning/policies.ts';
import { SIMULATION_SELECT, toSimulation } from '../data/planning/simulations.ts';
import { Params } from '../data/sql.ts';
import type { Queryable } from '../db/database.ts';
import type { AuthUser } from '../identity/types.ts';
import { badRequest, notFound } from '../plugins/errors.ts';
import { targetClientId } from './clients.ts';
import { visibleClients } from './visibility.ts';

async function visibleRow<T>(
  db: Queryable,
  user: AuthUser,
  select: string,
  alias: string,
  id: number,
  lock: boolean,
  map: (r: Record<string, unknown>) => T,
): Promise<T> {
  const p = new Params();
  const { rows } = await db.query<Record<string, unknown>>(
    `${select} where ${alias}.id = ${p.add(id)} and ${p.visible(visibleClients, user)}${lock ? ` for update of ${alias}` : ''}`,
    p.values,
  );
  if (!rows[0]) throw notFound();
  return map(rows[0]);
}

/** A planned flow of a client the caller sees, else 404; `lock` holds its row for the transaction. */
export const visibleFlow = (db: Queryable, user: AuthUser, id: number, lock = false): Promise<Flow> =>
  visibleRow(db, user, FLOW_SELECT, 'f', id, lock, (r) => toFlow(r));

/** A recorded flow of a client the caller sees, else 404. */
export const visibleFlowRecord = (db: Queryable, user: AuthUser, id: number, lock = false): Promise<FlowRecord> =>
  visibleRow(db, user, RECORD_SELECT, 'r', id, lock, (r) => toFlowRecord(r));

/** A life insurance policy of a client the caller sees, else 404. */
export const visiblePolicy = (
  db: Queryable,
  user: AuthUser,
  id: number,
  today: string,
  lock = false,
): Promise<Policy> => visibleRow(db, user, `${POLICY_SELECT}`, 'lp', id, lock, (r) => toPolicy(r, today));

/** A goal of a client the caller sees, else 404. */
export const visibleGoal = (db: Queryable, user: AuthUser, id: number, lock = false): Promise<Goal> =>
  visibleRow(db, user, `${GOAL_SELECT} join clients c on c.id = g.client_id`, 'g', id, lock, toGoal);

/** A simulation of a client the caller sees, else 404. */
export const visibleSimulation = (db: Queryable, user: AuthUser, id: number, lock = false): Promise<Simulation> =>
  visibleRow(db, user, `${SIMULATION_SELECT} join clients c on c.id = s.client_id`, 's', id, lock, toSimulation);

/**
 * The client a planning write is for: the body's clientId (which the caller must see, else 404), or a BASIC user's
 * own client when it names none; anyone else must name one (400 on body.clientId).
 */
export async function bodyClientId(db: Queryable, user: AuthUser, clientId: number | undefined): Promise<number> {
  if (clientId === undefined && user.role !== 'BASIC')
    throw badRequest([{ field: 'body.clientId', message: 'give clientId' }]);
  return targetClientId(db, user, clientId);
}
