// Demo real estate (DESIGN.md 5): houses and land with coordinates in Italian cities, mortgages and evaluations,
// inserted inside the caller's transaction. Written by issue 6.
import type { Queryable } from '../database.ts';

export async function seedRealEstate(
  _tx: Queryable,
  _userIds: Map<string, number>,
  _clientIds: Map<string, number>,
): Promise<void> {}
