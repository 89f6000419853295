// Who may change an intermediary or a branch (shared reference data, read by every signed-in role): ADMIN,
// BACK_OFFICE or its creator (403 otherwise, since the record itself is visible to all); a branch also its
// intermediary's creator.
import type { Row } from '../db/database.ts';
import type { AuthUser } from '../identity/types.ts';
import { HttpError } from '../plugins/errors.ts';

const isStaff = (user: AuthUser) => user.role === 'ADMIN' || user.role === 'BACK_OFFICE';

/** Whether the caller may change a record created by `createdBy`. */
export const mayEditIntermediary = (user: AuthUser, createdBy: unknown) =>
  isStaff(user) || (user.userId !== null && Number(createdBy) === user.userId);

const notYours = () => new HttpError(403, 'Only ADMIN, BACK_OFFICE or its creator may change this');

/** 403 unless the caller may change this intermediary row. */
export function assertMayEditIntermediary(user: AuthUser, intermediary: Row): void {
  if (!mayEditIntermediary(user, intermediary.created_by)) throw notYours();
}

/** 403 unless the caller may change this branch row (read with its intermediary's creator as fi_created_by). */
export function assertMayEditBranch(user: AuthUser, branch: Row): void {
  if (!mayEditIntermediary(user, branch.created_by) && !mayEditIntermediary(user, branch.fi_created_by))
    throw notYours();
}
