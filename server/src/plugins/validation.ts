// Request validation against the contract's schemas: one Ajv for JSON bodies, one for the address's parts.
//
// A query string, path parameters and headers are text, so their values are coerced to the schema's types ('12' to
// 12, 'a' to ['a'] where an array is expected). A JSON body already carries its types, and coercing it misreads data:
// in a number-or-null field, Ajv's coercion turns null into 0 before the null branch is tried, so an empty purchase
// value, price or date was stored as 0 (issue 13). Bodies are therefore checked as they are: a string where a number
// belongs is a 400, and null stays null.
//
// Numbers are finite (strictNumbers: NaN and Infinity are no number), and every id, number, string and date of the
// contract is bounded to its column (shared-api/src/contract/fields.ts), so 1e308 in a body or a 20-digit path id is
// a 400 (issue 15). Ajv's coercion turns the text 'Infinity' or '1e999' into Infinity without checking the type
// again, and its bounds skip numbers that are not finite; it also reads '0x10' as 16: the address's parts are
// therefore checked once more, every number coerced from text finite and written in decimal.
import Ajv, { type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifySchema, FastifySchemaCompiler } from 'fastify';

const common: Options = { removeAdditional: false, useDefaults: true, allErrors: true, strictNumbers: true };

function ajv(options: Options): Ajv {
  const instance = new Ajv({ ...common, ...options });
  addFormats(instance);
  return instance;
}

/** How a number in the address is written: decimal, with an exponent at most ('12', '-0.5', '1e3'). */
const DECIMAL = /^-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;

/** The text values of the address's parts by JSON pointer, before coercion. */
function texts(data: unknown, path = '', out = new Map<string, string>()): Map<string, string> {
  if (typeof data === 'string') out.set(path, data);
  else if (data && typeof data === 'object') for (const [k, v] of Object.entries(data)) texts(v, `${path}/${k}`, out);
  return out;
}

/**
 * The first number after coercion that is not finite, or that was text not written in decimal ('0x10', '0b1', ' 1',
 * ''; Ajv reads them as Number() does). A single text coerced into an array was at the array's own path.
 */
function badNumber(data: unknown, before: Map<string, string>, path = ''): ErrorObject | null {
  const error = (message: string): ErrorObject => ({
    instancePath: path,
    schemaPath: '#',
    keyword: 'type',
    params: {},
    message,
  });
  if (typeof data === 'number') {
    if (!Number.isFinite(data)) return error('must be a finite number');
    const text = before.get(path) ?? before.get(path.slice(0, path.lastIndexOf('/')));
    return text !== undefined && !DECIMAL.test(text) ? error('must be a number written in decimal') : null;
  }
  if (!data || typeof data !== 'object') return null;
  for (const [key, value] of Object.entries(data)) {
    const found = badNumber(value, before, `${path}/${key}`);
    if (found) return found;
  }
  return null;
}

/** `validate`, then every number coerced from text is finite and was written in decimal (Ajv checks neither). */
function numbersFromText(validate: ValidateFunction): ValidateFunction {
  const checked = ((data: unknown) => {
    const before = texts(data);
    if (!validate(data)) {
      checked.errors = validate.errors;
      return false;
    }
    const bad = badNumber(data, before);
    checked.errors = bad ? [bad] : null;
    return !bad;
  }) as ValidateFunction & { errors: ErrorObject[] | null | undefined };
  return checked;
}

/** The validator compiler of every route: no coercion for bodies, 'array' coercion for the other parts. */
export function contractValidator(): FastifySchemaCompiler<FastifySchema> {
  const body = ajv({ coerceTypes: false });
  const text = ajv({ coerceTypes: 'array' });
  return ({ schema, httpPart }) =>
    httpPart === 'body' ? body.compile(schema as object) : numbersFromText(text.compile(schema as object));
}

export function registerValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(contractValidator());
}
