// The audit trail: every write records who, when, what, and the before/after state.
import type { Queryable } from '../db/database.ts';
import type { AuthUser } from '../identity/types.ts';

export async function audit(
  tx: Queryable,
  actor: AuthUser | null,
  action: string,
  entity: string,
  entityId: string | number | null,
  before: unknown = null,
  after: unknown = null,
): Promise<void> {
  await tx.query(
    `insert into audit_log (actor_id, actor_role, action, entity, entity_id, before, after)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      actor?.sub ?? null,
      actor?.role ?? null,
      action,
      entity,
      entityId === null ? null : String(entityId),
      before === null ? null : JSON.stringify(before),
      after === null ? null : JSON.stringify(after),
    ],
  );
}
