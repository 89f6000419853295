// The audit table as the admin reads it (issue 17, GET /audit): every write of the product, written by
// access/audit.ts, with the names of who acted and (impersonating) for whom, filtered and paged.
import type { AuditEntry, AuditQuery } from '@patrimonio/shared-api';
import type { Queryable } from '../db/database.ts';
import { Params } from './sql.ts';

/** The days of the filters are Italy's (the portal's), whatever the database server's time zone. */
const DAY_ZONE = 'Europe/Rome';

interface Row {
  id: number | string;
  at: string;
  actor_id: string | null;
  actor_name: string | null;
  actor_role: string | null;
  impersonator_id: string | null;
  impersonator_name: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
}

/**
 * One page of the audit table, newest first unless sort says 'at,asc': the writes of `userId` (as the actor, or as
 * the ADMIN impersonating it), of an entity, an action, from and to a day (both included).
 */
export async function listAudit(
  db: Queryable,
  query: AuditQuery & { page: number; size: number },
): Promise<{ item: AuditEntry[]; total: number }> {
  const p = new Params();
  const where: string[] = [];
  if (query.userId !== undefined) {
    const user = p.add(String(query.userId));
    where.push(`(a.actor_id = ${user} or a.impersonator_id = ${user})`);
  }
  if (query.entity !== undefined) where.push(`a.entity = ${p.add(query.entity)}`);
  if (query.action !== undefined) where.push(`a.action = ${p.add(query.action)}`);
  if (query.from !== undefined)
    where.push(`a.at >= (${p.add(query.from)}::date)::timestamp at time zone '${DAY_ZONE}'`);
  if (query.to !== undefined) where.push(`a.at < (${p.add(query.to)}::date + 1)::timestamp at time zone '${DAY_ZONE}'`);
  const whereSql = where.length ? `where ${where.join(' and ')}` : '';
  const dir = query.sort === 'at,asc' ? 'asc' : 'desc';
  const { rows: count } = await db.query<{ n: number }>(
    `select count(*)::int as n from audit_log a ${whereSql}`,
    p.values,
  );
  const { rows } = await db.query<Row>(
    `select a.id, to_char(a.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
            a.actor_id, actor.name as actor_name, a.actor_role,
            a.impersonator_id, impersonator.name as impersonator_name,
            a.action, a.entity, a.entity_id, a.before, a.after
       from audit_log a
       left join users actor on actor.id::text = a.actor_id
       left join users impersonator on impersonator.id::text = a.impersonator_id
       ${whereSql}
      order by a.at ${dir}, a.id ${dir}
      limit ${query.size} offset ${(query.page - 1) * query.size}`,
    p.values,
  );
  return {
    item: rows.map((r) => ({
      id: Number(r.id),
      at: r.at,
      actorId: r.actor_id,
      actorName: r.actor_name,
      actorRole: r.actor_role,
      impersonatorId: r.impersonator_id,
      impersonatorName: r.impersonator_name,
      action: r.action,
      entity: r.entity,
      entityId: r.entity_id,
      before: r.before ?? null,
      after: r.after ?? null,
    })),
    total: count[0]?.n ?? 0,
  };
}

/** The entity names the audit table holds, sorted by their characters (the same order on every database). */
export async function auditEntities(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ entity: string }>(
    'select distinct entity collate "C" as entity from audit_log order by 1',
  );
  return rows.map((r) => r.entity);
}
