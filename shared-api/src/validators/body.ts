// A request body checked on the client against the route's TypeBox schema, as the server checks it with Ajv
// (server/src/plugins/validation.ts: same schema, no coercion, the standard formats), with the errors as codes
// by body path, so a form marks the fields at fault before anything is sent.
import type { TSchema } from 'typebox';
import { Settings } from 'typebox/system';
import { Value } from 'typebox/value';

/** 'required': a missing property, or an empty value (null, '') the schema refuses; 'invalid': any other error. */
export type BodyErrorCode = 'required' | 'invalid';

/** One schema error as TypeBox reports it (the JSON Schema vocabulary, as Ajv's). */
interface SchemaError {
  keyword: string;
  instancePath: string;
  params: { requiredProperties?: string[] } & Record<string, unknown>;
}

const valueAt = (body: unknown, path: string[]): unknown =>
  path.reduce<unknown>(
    (v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined),
    body,
  );

/** Every schema error: TypeBox stops at 8 by default, and a form marks all its fields at fault at once. */
function allErrors(schema: TSchema, body: unknown): SchemaError[] {
  const { maxErrors } = Settings.Get();
  Settings.Set({ maxErrors: Number.MAX_SAFE_INTEGER });
  try {
    return Value.Errors(schema, body) as unknown as SchemaError[];
  } finally {
    Settings.Set({ maxErrors });
  }
}

/**
 * The codes of a body's schema errors by body path ('owner.clientId'); errors above any field (an extra property)
 * are under ''. Empty when the server would accept the body's shape.
 */
export function bodyErrors(schema: TSchema, body: unknown): Record<string, BodyErrorCode> {
  const out: Record<string, BodyErrorCode> = {};
  const put = (path: string[], code: BodyErrorCode) => {
    const key = path.join('.');
    if (out[key] === undefined || code === 'required') out[key] = code;
  };
  for (const e of allErrors(schema, body)) {
    const path = e.instancePath.split('/').filter(Boolean);
    if (e.keyword === 'required') for (const p of e.params.requiredProperties ?? []) put([...path, p], 'required');
    else if (e.keyword === 'additionalProperties' || e.keyword === 'boolean') put([], 'invalid');
    else {
      const value = valueAt(body, path);
      put(path, value === null || value === '' || value === undefined ? 'required' : 'invalid');
    }
  }
  return out;
}
