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
// again, and its bounds skip numbers that are not finite: the address's parts are therefore checked once more for
// a number that is not finite after coercion.
import Ajv, { type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifySchema, FastifySchemaCompiler } from 'fastify';

const common: Options = { removeAdditional: false, useDefaults: true, allErrors: true, strictNumbers: true };

function ajv(options: Options): Ajv {
  const instance = new Ajv({ ...common, ...options });
  addFormats(instance);
  return instance;
}

/** The path (JSON pointer) of the first number in `data` that is not finite, or null. */
function nonFinite(data: unknown, path = ''): string | null {
  if (typeof data === 'number') return Number.isFinite(data) ? null : path;
  if (!data || typeof data !== 'object') return null;
  for (const [key, value] of Object.entries(data)) {
    const found = nonFinite(value, `${path}/${key}`);
    if (found !== null) return found;
  }
  return null;
}

/** `validate`, then no number coerced from text may be Infinity (Ajv checks the type before coercing, not after). */
function finiteAfterCoercion(validate: ValidateFunction): ValidateFunction {
  const checked = ((data: unknown) => {
    if (!validate(data)) {
      checked.errors = validate.errors;
      return false;
    }
    const at = nonFinite(data);
    checked.errors =
      at === null
        ? null
        : [{ instancePath: at, schemaPath: '#', keyword: 'type', params: {}, message: 'must be a finite number' }];
    return at === null;
  }) as ValidateFunction & { errors: ErrorObject[] | null | undefined };
  return checked;
}

/** The validator compiler of every route: no coercion for bodies, 'array' coercion for the other parts. */
export function contractValidator(): FastifySchemaCompiler<FastifySchema> {
  const body = ajv({ coerceTypes: false });
  const text = ajv({ coerceTypes: 'array' });
  return ({ schema, httpPart }) =>
    httpPart === 'body' ? body.compile(schema as object) : finiteAfterCoercion(text.compile(schema as object));
}

export function registerValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(contractValidator());
}
