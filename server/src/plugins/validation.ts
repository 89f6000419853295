// Request validation against the contract's schemas: one Ajv for JSON bodies, one for the address's parts.
//
// A query string, path parameters and headers are text, so their values are coerced to the schema's types ('12' to
// 12, 'a' to ['a'] where an array is expected). A JSON body already carries its types, and coercing it misreads data:
// in a number-or-null field, Ajv's coercion turns null into 0 before the null branch is tried, so an empty purchase
// value, price or date was stored as 0 (issue 13). Bodies are therefore checked as they are: a string where a number
// belongs is a 400, and null stays null.
import Ajv, { type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifySchema, FastifySchemaCompiler } from 'fastify';

const common: Options = { removeAdditional: false, useDefaults: true, allErrors: true };

function ajv(options: Options): Ajv {
  const instance = new Ajv({ ...common, ...options });
  addFormats(instance);
  return instance;
}

/** The validator compiler of every route: no coercion for bodies, 'array' coercion for the other parts. */
export function contractValidator(): FastifySchemaCompiler<FastifySchema> {
  const body = ajv({ coerceTypes: false });
  const text = ajv({ coerceTypes: 'array' });
  return ({ schema, httpPart }) => (httpPart === 'body' ? body : text).compile(schema as object);
}

export function registerValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(contractValidator());
}
