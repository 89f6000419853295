// Demo family companies (holdings and yearly figures) and art and luxury goods with their evaluations (DESIGN.md 5),
// inserted inside the caller's transaction. Written by issue 6.
import type { Queryable } from '../database.ts';

export async function seedSharesAndLux(
  _tx: Queryable,
  _userIds: Map<string, number>,
  _clientIds: Map<string, number>,
): Promise<void> {}
