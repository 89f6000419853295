// Who sees what (DESIGN.md section 3), as SQL conditions reused by every query on clients, families and properties.
import type { AuthUser } from '../identity/types.ts';

/**
 * A condition on the clients table aliased `c`, with its parameters starting at $offset.
 * ADMIN and BACK_OFFICE see all; a PRO the clients they created or were assigned; a DELEGATE their PRO's;
 * a BASIC user only their own client record.
 */
export function visibleClients(user: AuthUser, offset = 1): { sql: string; params: unknown[] } {
  switch (user.role) {
    case 'ADMIN':
    case 'BACK_OFFICE':
      return { sql: 'true', params: [] };
    case 'PRO':
      return { sql: proClause('c', `$${offset}`), params: [user.userId] };
    case 'DELEGATE':
      return {
        sql: proClause('c', `(select pro_id from users where id = $${offset} and role = 'DELEGATE')`),
        params: [user.userId],
      };
    case 'BASIC':
      return { sql: `c.id = (select client_id from users where id = $${offset})`, params: [user.userId] };
  }
}

function proClause(alias: string, pro: string): string {
  return `(${alias}.created_by = ${pro} or exists (select 1 from client_advisers ca where ca.client_id = ${alias}.id and ca.pro_id = ${pro}))`;
}

/** A condition on the families table aliased `f`: families the caller created (or their PRO did), or all for staff. */
export function visibleFamilies(user: AuthUser, offset = 1): { sql: string; params: unknown[] } {
  switch (user.role) {
    case 'ADMIN':
    case 'BACK_OFFICE':
      return { sql: 'true', params: [] };
    case 'PRO':
      return { sql: `f.created_by = $${offset}`, params: [user.userId] };
    case 'DELEGATE':
      return {
        sql: `f.created_by = (select pro_id from users where id = $${offset} and role = 'DELEGATE')`,
        params: [user.userId],
      };
    case 'BASIC':
      // End clients do not work with families (spec: BASIC fetches no family list).
      return { sql: 'false', params: [] };
  }
}

/** A condition on real_estates aliased `r`: properties of a client the caller sees. */
export function visibleRealEstates(user: AuthUser, offset = 1): { sql: string; params: unknown[] } {
  const clients = visibleClients(user, offset);
  return clients.sql === 'true'
    ? clients
    : { sql: `exists (select 1 from clients c where c.id = r.client_id and ${clients.sql})`, params: clients.params };
}
