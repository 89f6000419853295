// The one mapping of a database duplicate (PostgreSQL unique violation, SQLSTATE 23505) to a 409.
import { HttpError } from '../plugins/errors.ts';

/** Whether `err` is a unique violation, of the named constraint when one is given. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  if (!err || typeof err !== 'object' || (err as { code?: unknown }).code !== '23505') return false;
  if (constraint === undefined) return true;
  const e = err as { constraint?: unknown; message?: unknown };
  // PGlite may leave `constraint` out; its message still names it.
  return e.constraint === constraint || (typeof e.message === 'string' && e.message.includes(constraint));
}

/** A unique violation becomes a 409 with `code` (and `message`, by default the code); anything else is rethrown. */
export function conflictOnUnique(err: unknown, code: string, message: string = code): never {
  if (isUniqueViolation(err)) throw new HttpError(409, message, code);
  throw err;
}
