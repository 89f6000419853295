// A database error that is the caller's input (issue 15): what the error handler (server/src/plugins/errors.ts)
// answers for it instead of a 500. The contract bounds every value (shared-api/src/contract/fields.ts), so these
// should not happen; when one still does, the caller gets a 400 naming the field when it can be known, and never the
// SQLSTATE or PostgreSQL's own words. The routes' own mapping of a duplicate to a 409 is ./errors.ts.
//
// - class 22, data exceptions (a number out of its type's range, text that is no number or no date, a NUL
//   character): 400; the field is the request value PostgreSQL quotes (or the text holding the NUL character).
// - 23502 not null, 23514 check: 400, the field from the column or the constraint's name (`<table>_<column>_check`).
// - 23503 foreign key: 400 naming the field when the row referred to does not exist; 409 when the row is still
//   referred to by others.
// - 23505 unique: 409 (a route that expects one maps it with conflictOnUnique first, with its own code).
// Anything else from the database (a lost connection, a deadlock, a bug) stays a 500.
import type { FieldError } from '../plugins/errors.ts';

/** What a request carried, to find the field PostgreSQL refused. */
export interface RequestParts {
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
}

export interface InputError {
  statusCode: 400 | 409;
  code: string;
  message: string;
  fields: FieldError[];
}

interface DatabaseError {
  code: string;
  severity: string;
  message: string;
  column?: string;
  constraint?: string;
  table?: string;
  detail?: string;
}

/** Whether `err` comes from PostgreSQL (node-postgres or PGlite): a SQLSTATE code and a severity. */
export function isDatabaseError(err: unknown): err is DatabaseError {
  if (!err || typeof err !== 'object') return false;
  const { code, severity } = err as { code?: unknown; severity?: unknown };
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string';
}

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const camel = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Every value of the request with its field path ('body.mortgage.amount', 'params.id'). */
function* values(parts: RequestParts): Generator<[string, unknown]> {
  function* walk(path: string, v: unknown, depth: number): Generator<[string, unknown]> {
    if (v && typeof v === 'object' && depth < 4) {
      for (const [k, child] of Object.entries(v)) yield* walk(`${path}.${k}`, child, depth + 1);
    } else yield [path, v];
  }
  for (const part of ['body', 'querystring', 'params'] as const) yield* walk(part, parts[part], 0);
}

/** The request fields whose name is one of the columns (snake_case), or is part of the constraint's name. */
function byColumn(parts: RequestParts, columns: string[], constraint?: string): string[] {
  const found: string[] = [];
  for (const [path] of values(parts)) {
    const key = snake(path.slice(path.lastIndexOf('.') + 1));
    if (columns.includes(key)) found.push(path);
  }
  if (found.length || !constraint) return found;
  // `<table>_<column>_check`: the longest field name that is a whole part of it.
  const named = [...values(parts)]
    .map(([path]) => [path, snake(path.slice(path.lastIndexOf('.') + 1))] as const)
    .filter(([, key]) => constraint.includes(`_${key}_`) || constraint.endsWith(`_${key}`))
    .sort((a, b) => b[1].length - a[1].length);
  return named.length ? [named[0]![0]] : [];
}

/** The request fields holding the value PostgreSQL quotes in its message, or a NUL character for 22021. */
function byValue(parts: RequestParts, err: DatabaseError): string[] {
  const quoted = /"([^"]*)"(?: is out of range|$)/.exec(err.message)?.[1];
  const out: string[] = [];
  for (const [path, v] of values(parts)) {
    if (err.code === '22021' && typeof v === 'string' && v.includes('\u0000')) out.push(path);
    else if (quoted !== undefined && v !== null && v !== undefined && String(v) === quoted) out.push(path);
  }
  return out;
}

const DATA_MESSAGES: Record<string, string> = {
  '22001': 'is too long',
  '22003': 'is out of range',
  '22007': 'is not a valid date',
  '22008': 'is not a valid date',
  '22021': 'contains a character that is not allowed',
  '22P05': 'contains a character that is not allowed',
};

/** The answer for a database error that is the caller's input, or null when it is not one (then a 500). */
export function inputError(err: unknown, parts: RequestParts): InputError | null {
  if (!isDatabaseError(err)) return null;
  const fieldsOf = (paths: string[], message: string) => paths.map((field) => ({ field, message }));
  const keyColumns = (/Key \(([^)]*)\)/.exec(err.detail ?? '')?.[1] ?? '').split(/,\s*/).filter(Boolean);
  if (err.code.startsWith('22')) {
    const message = DATA_MESSAGES[err.code] ?? 'is not a valid value';
    return {
      statusCode: 400,
      code: 'VALIDATION',
      message: 'Invalid value',
      fields: fieldsOf(byValue(parts, err), message),
    };
  }
  switch (err.code) {
    case '23502': {
      // A value left out is not in the request: it is the body's field of that column's name.
      const named = byColumn(parts, err.column ? [err.column] : []);
      const missing =
        !named.length && err.column && parts.body && typeof parts.body === 'object'
          ? [`body.${camel(err.column)}`]
          : [];
      return {
        statusCode: 400,
        code: 'VALIDATION',
        message: 'A required value is missing',
        fields: fieldsOf([...named, ...missing], 'is required'),
      };
    }
    case '23514':
      return {
        statusCode: 400,
        code: 'VALIDATION',
        message: 'A value is out of range',
        fields: fieldsOf(byColumn(parts, [], err.constraint), 'is out of range'),
      };
    case '23503':
      if (/still referenced/.test(err.detail ?? '')) {
        return { statusCode: 409, code: 'in_use', message: 'in_use', fields: [] };
      }
      return {
        statusCode: 400,
        code: 'VALIDATION',
        message: 'A referenced record does not exist',
        fields: fieldsOf(byColumn(parts, keyColumns), 'does not exist'),
      };
    case '23505':
      return {
        statusCode: 409,
        code: 'duplicate',
        message: 'duplicate',
        fields: fieldsOf(byColumn(parts, keyColumns), 'already exists'),
      };
    default:
      return null;
  }
}
