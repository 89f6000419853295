// The validator compiler (issue 13): a JSON body is checked as it is, the address's parts are coerced from text.
import type { FastifySchema } from 'fastify';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { contractValidator } from './validation.ts';

const NumberOrNull = Type.Object({ value: Type.Union([Type.Number({ minimum: 0 }), Type.Null()]) });

function check(httpPart: string, schema: object, data: unknown) {
  const validate = contractValidator()({ schema: schema as FastifySchema, method: 'POST', url: '/x', httpPart });
  const ok = validate(data);
  return { ok, data, errors: (validate as { errors?: unknown[] | null }).errors ?? null };
}

describe('contractValidator', () => {
  it('keeps null as null in a number-or-null body field (the default coercion stored 0)', () => {
    const r = check('body', NumberOrNull, { value: null });
    expect(r.ok).toBe(true);
    expect(r.data).toEqual({ value: null });
  });

  it('refuses a string where a body number belongs instead of reading it', () => {
    const r = check('body', NumberOrNull, { value: '12' });
    expect(r.ok).toBe(false);
    expect(r.data).toEqual({ value: '12' });
  });

  it('coerces query string and path text to the schema types', () => {
    const query = check('querystring', Type.Object({ size: Type.Integer(), ids: Type.Array(Type.Integer()) }), {
      size: '10',
      ids: '7',
    });
    expect(query.ok).toBe(true);
    expect(query.data).toEqual({ size: 10, ids: [7] });
    const params = check('params', Type.Object({ id: Type.Integer({ minimum: 1 }) }), { id: 'abc' });
    expect(params.ok).toBe(false);
  });

  it('knows the formats of the contract (date)', () => {
    const Dated = Type.Object({ date: Type.String({ format: 'date' }) });
    expect(check('body', Dated, { date: '2024-02-29' }).ok).toBe(true);
    expect(check('body', Dated, { date: '2023-02-29' }).ok).toBe(false);
  });
});

describe('numbers are finite (issue 15)', () => {
  const Params = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 }) });
  it.each(['Infinity', '-Infinity', '1e999', 'NaN'])('refuses the path or query text %s for an integer', (text) => {
    for (const part of ['params', 'querystring']) {
      const r = check(part, Params, { id: text });
      expect(r.ok, part).toBe(false);
      expect(r.errors).toEqual([expect.objectContaining({ instancePath: '/id' })]);
    }
  });
  it('refuses a 20-digit id and 1e308 by the bound, and still takes a valid id', () => {
    expect(check('params', Params, { id: '99999999999999999999' }).ok).toBe(false);
    expect(check('querystring', Params, { id: '1e308' }).ok).toBe(false);
    const ok = check('params', Params, { id: '42' });
    expect(ok).toMatchObject({ ok: true, data: { id: 42 }, errors: null });
  });
  it('refuses Infinity in a JSON body (1e999 parses to it)', () => {
    expect(check('body', Type.Object({ n: Type.Number({ minimum: 0, maximum: 10 }) }), { n: Infinity }).ok).toBe(false);
  });
});

describe('numbers in the address are written in decimal (issue 15)', () => {
  const Query = Type.Object({
    id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 })),
    weight: Type.Optional(Type.Number({ minimum: 0, maximum: 10 })),
    ids: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 100 }))),
    q: Type.Optional(Type.String({ maxLength: 10 })),
  });
  it.each(['0x10', '0b1', '0o7', ' 1', '1 '])(
    'refuses %j for a number, which Ajv alone reads as Number() does',
    (text) => {
      expect(check('querystring', Query, { weight: text }).ok).toBe(false);
      expect(check('params', Query, { id: text }).ok).toBe(false);
      expect(check('querystring', Query, { ids: text }).ok).toBe(false);
    },
  );
  it('takes decimals, exponents and text where text belongs', () => {
    expect(check('querystring', Query, { weight: '1.5', id: '12', ids: ['1', '2'], q: '0x10' })).toMatchObject({
      ok: true,
      data: { weight: 1.5, id: 12, ids: [1, 2], q: '0x10' },
    });
    expect(check('querystring', Query, { weight: '1e0' }).data).toEqual({ weight: 1 });
  });
});
