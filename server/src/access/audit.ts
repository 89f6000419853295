// The audit trail: every write records who, when, what, and the before/after state; when an ADMIN acts as another
// user (impersonation), the actor is that user and impersonator_id the ADMIN. Read by data/audit.ts (GET /audit).
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
    `insert into audit_log (actor_id, actor_role, impersonator_id, action, entity, entity_id, before, after)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      actor?.sub ?? null,
      actor?.role ?? null,
      actor?.impersonator ?? null,
      action,
      entity,
      entityId === null ? null : String(entityId),
      before === null ? null : JSON.stringify(before),
      after === null ? null : JSON.stringify(after),
    ],
  );
}
