// The advisor a client or family is followed by, as the report's cover names it (portal-and-report "Report pages":
// "advisor (hidden for BASIC)"; issue 13: a DELEGATE's report named the assistant). Always a PRO, and never one the
// caller may not know of: a PRO gets their own name (the clients a PRO sees are theirs, created or assigned; a
// client shared with another PRO never names that other PRO), a DELEGATE their PRO's, ADMIN and BACK_OFFICE (who
// see every tenant) the PRO who created it, else the first PRO it is assigned to. BASIC: none, the cover hides it.
// Callers check visibility first (findVisibleClient, visibleFamily): this only names.
import type { Queryable } from '../db/database.ts';
import type { AuthUser } from '../identity/types.ts';

/** The caller's own PRO: the PRO itself, or a DELEGATE's PRO; null for other roles. */
async function callerPro(db: Queryable, user: AuthUser): Promise<string | null> {
  if (user.userId == null) return null;
  if (user.role === 'PRO') {
    const { rows } = await db.query<{ name: string }>("select name from users where id = $1 and role = 'PRO'", [
      user.userId,
    ]);
    return rows[0]?.name ?? null;
  }
  if (user.role === 'DELEGATE') {
    const { rows } = await db.query<{ name: string }>(
      `select p.name from users d join users p on p.id = d.pro_id and p.role = 'PRO'
        where d.id = $1 and d.role = 'DELEGATE'`,
      [user.userId],
    );
    return rows[0]?.name ?? null;
  }
  return null;
}

const isStaff = (user: AuthUser) => user.role === 'ADMIN' || user.role === 'BACK_OFFICE';

/** The advisor named for a client the caller may see (see above); null when there is none to name. */
export async function clientAdvisorName(db: Queryable, user: AuthUser, clientId: number): Promise<string | null> {
  if (!isStaff(user)) return callerPro(db, user);
  const { rows } = await db.query<{ name: string }>(
    `select u.name from clients c join users u on u.role = 'PRO'
        and (u.id = c.created_by or u.id in (select ca.pro_id from client_advisers ca where ca.client_id = c.id))
      where c.id = $1
      order by (u.id = c.created_by) desc, u.id
      limit 1`,
    [clientId],
  );
  return rows[0]?.name ?? null;
}

/** The advisor named for a family the caller may see: the PRO who owns it (see above); null when there is none. */
export async function familyAdvisorName(db: Queryable, user: AuthUser, familyId: number): Promise<string | null> {
  if (!isStaff(user)) return callerPro(db, user);
  const { rows } = await db.query<{ name: string }>(
    `select u.name from families f join users u on u.id = f.created_by and u.role = 'PRO' where f.id = $1`,
    [familyId],
  );
  return rows[0]?.name ?? null;
}
