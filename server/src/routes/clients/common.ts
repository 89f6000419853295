// What the client routes share: the answers to a duplicate code and the cleaning of text fields. The Client mapping
// and the duplicate lookup: data/clients.ts; who manages and sees clients: access/clients.ts.
import { CLIENT_CANNOT_BE_ADDED } from '@patrimonio/shared-api';
import type { Duplicate } from '../../data/clients.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { HttpError } from '../../plugins/errors.ts';

/**
 * The refusal of a code another client holds. A client the caller sees: the spec's 409 "already present", naming it
 * (data-and-admin section 8). Any other (another adviser's, one the back office holds for no adviser, with an
 * account or not): the one "cannot be added" answer, the same words and status whatever the reason, so that no
 * adviser learns whose client a code is (issue 13). Both come after the same single query (findDuplicate).
 */
export function duplicateError(d: Duplicate | null): HttpError {
  return d?.visible
    ? new HttpError(409, `Client already present: ${d.name}`, 'duplicate_client')
    : cannotBeAddedError();
}

/** The "cannot be added" answer of the adds and edits (CLIENT_CANNOT_BE_ADDED in the contract). */
export const cannotBeAddedError = (): HttpError =>
  new HttpError(409, 'This client cannot be added', CLIENT_CANNOT_BE_ADDED);

/**
 * A unique violation that slipped past the duplicate check (two adds at once): whose client won is not known, so
 * it is the "cannot be added" answer.
 */
export function mapUniqueViolation(err: unknown): unknown {
  return isUniqueViolation(err) ? duplicateError(null) : err;
}

/** Trims; empty strings become null; undefined (left out) stays undefined. */
export const clean = (v: string | null | undefined): string | null | undefined =>
  v === undefined ? undefined : v === null ? null : v.trim() || null;
