// The members of a family with the weight each counts for (family_members.weight; 1 when not set), the one place
// that reads them for the figures of a family (real estate, shares, luxury goods).
import type { Queryable } from '../db/database.ts';
import type { WeightedClient } from '../real-estate/load.ts';

/** The family's members and their weights, by client id. Callers check the family is visible first. */
export async function familyMemberWeights(db: Queryable, familyId: number): Promise<WeightedClient[]> {
  const { rows } = await db.query<{ client_id: string; weight: string | null }>(
    'select client_id, weight::text as weight from family_members where family_id = $1 order by client_id',
    [familyId],
  );
  return rows.map((r) => ({ clientId: Number(r.client_id), weight: Number(r.weight ?? 1) }));
}
