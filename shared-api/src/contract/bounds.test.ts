// Every value a request carries is bounded (issue 15): each integer, number, string and date of every route's path,
// query and body schemas, walked from the contract, and the date patterns against the calendar.
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { describe, expect, test } from 'vitest';
import { routes } from '../routes.ts';
import { IsoDate, IsoDateTime, Name, Numeric, Text } from './fields.ts';
import {
  DATE_MAX,
  DATE_MIN,
  DATE_OPTIONAL_TIME_PATTERN,
  DATE_PATTERN,
  DATE_TIME_PATTERN,
  ID_MAX,
  numericMax,
} from './limits.ts';

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  patternProperties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
}

/** Every problem of one schema and its parts, with the path to it. */
function problems(s: Schema, at: string): string[] {
  const out: string[] = [];
  if (s.anyOf) for (const [i, b] of s.anyOf.entries()) out.push(...problems(b, `${at}|${i}`));
  for (const [k, p] of Object.entries(s.properties ?? {})) out.push(...problems(p, `${at}.${k}`));
  for (const [pattern, p] of Object.entries(s.patternProperties ?? {})) {
    if (!/^\^.*\$$/.test(pattern) || /[*+]/.test(pattern)) out.push(`${at}: record key pattern ${pattern} unbounded`);
    out.push(...problems(p, `${at}.<key>`));
  }
  if (s.items) out.push(...problems(s.items, `${at}[]`));
  const types = new Set(Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);
  if (s.enum || s.const !== undefined) return out;
  if (types.has('integer') || types.has('number')) {
    // Integers are ids, counts or years (JSON keeps them exact to 2^53); numbers go to numeric columns (<= 10^18).
    const limit = types.has('integer') ? ID_MAX : 1e18;
    if (s.maximum === undefined || s.maximum > limit) out.push(`${at}: number without a bounded maximum`);
    if (s.minimum === undefined && s.exclusiveMinimum === undefined) out.push(`${at}: number without a minimum`);
    if (s.minimum !== undefined && s.minimum < -limit) out.push(`${at}: number minimum unbounded`);
  }
  if (types.has('string')) {
    if (s.maxLength === undefined) out.push(`${at}: string without maxLength`);
    const p = s.pattern;
    if (s.format === 'date' && p !== DATE_PATTERN) out.push(`${at}: date without the date picker's years`);
    // Anchored, and no class that takes any character (., \S, \W, \D, [^...]) unless it leaves NUL out.
    const free = !p || !/^\^.*\$$/.test(p) || (/(?<!\\)\.|\\S|\\W|\\D|\[\^/.test(p) && !p.includes('\\u0000'));
    if (free && s.format !== 'email' && s.format !== 'date') out.push(`${at}: string pattern lets NUL through`);
  }
  return out;
}

const parts = ['params', 'querystring', 'body'] as const;

describe('every value a request carries is bounded', () => {
  const cases = Object.entries(routes).flatMap(([name, def]) =>
    parts.filter((part) => (def as Record<string, unknown>)[part]).map((part) => [name, part] as const),
  );
  test.each(cases)('%s %s', (name, part) => {
    const schema = (routes as Record<string, Record<string, unknown>>)[name]![part] as Schema;
    expect(problems(schema, part)).toEqual([]);
  });
});

/** Every YYYY-MM-DD from 1948 to 2102, with impossible days, and whether it is a real date of 1950-2100. */
function* calendar(): Generator<[string, boolean]> {
  for (let y = 1948; y <= 2102; y++) {
    for (let m = 0; m <= 13; m++) {
      for (let d = 0; d <= 32; d++) {
        const iso = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
        const date = new Date(Date.UTC(y, m - 1, d));
        const real = m >= 1 && m <= 12 && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
        yield [iso, real && iso >= DATE_MIN && iso <= DATE_MAX];
      }
    }
  }
}

describe('the date patterns', () => {
  test('accept exactly the real dates of 1950-01-01 to 2100-12-31 (29 February in leap years only)', () => {
    const date = new RegExp(DATE_PATTERN, 'u');
    const wrong: string[] = [];
    for (const [iso, valid] of calendar()) if (date.test(iso) !== valid) wrong.push(iso);
    expect(wrong).toEqual([]);
    expect(date.test('2000-02-29')).toBe(true);
    expect(date.test('2100-02-29')).toBe(false);
  });
  test('a date-time is such a date, then HH:mm with optional seconds and fractions, no zone', () => {
    const dt = new RegExp(DATE_TIME_PATTERN, 'u');
    for (const ok of ['2024-03-15 10:00', '2024-03-15T23:59:59', '1950-01-01 00:00:00.123456', '2100-12-31 12:00']) {
      expect(dt.test(ok), ok).toBe(true);
    }
    for (const bad of ['2024-02-30 10:00', '1949-12-31 10:00', '2024-03-15 24:00', '2024-03-15 10:60', '2024-03-15']) {
      expect(dt.test(bad), bad).toBe(false);
    }
    const optional = new RegExp(DATE_OPTIONAL_TIME_PATTERN, 'u');
    expect(optional.test('2024-03-15') && optional.test('2024-03-15 10:00')).toBe(true);
    expect(optional.test('0001-01-01')).toBe(false);
  });
});

describe('the field builders refuse what the database cannot hold', () => {
  const check = (schema: TSchema, value: unknown) => Value.Check(schema, value);
  test('Text and Name refuse NUL and over-long text; Name refuses blanks', () => {
    expect(check(Text(5), 'abcde')).toBe(true);
    expect(check(Text(5), '')).toBe(true);
    expect(check(Text(5), 'abcdef')).toBe(false);
    expect(check(Text(5), 'a\u0000b')).toBe(false);
    expect(check(Name(5), ' a ')).toBe(true);
    expect(check(Name(5), '   ')).toBe(false);
    expect(check(Name(5), '\u0000')).toBe(false);
    expect(check(Name(5), 'a\u0000')).toBe(false);
  });
  test('Numeric keeps to its column: numeric(16, 2) below 10^14, positive from 0.01', () => {
    expect(numericMax(16, 2)).toBe(99_999_999_999_999);
    expect(check(Numeric(16, 2), 99_999_999_999_999)).toBe(true);
    expect(check(Numeric(16, 2), 1e14)).toBe(false);
    expect(check(Numeric(16, 2), 1e308)).toBe(false);
    expect(check(Numeric(16, 2), -1)).toBe(false);
    expect(check(Numeric(16, 2, { positive: true }), 0.01)).toBe(true);
    expect(check(Numeric(16, 2, { positive: true }), 0.001)).toBe(false);
    expect(check(Numeric(18, 2, { minimum: -1e13 }), -1e13)).toBe(true);
    expect(check(Numeric(9, 6, { maximum: 100 }), 100.5)).toBe(false);
  });
  test('IsoDate and IsoDateTime: the years of the date picker', () => {
    expect(check(IsoDate(), '1950-01-01') && check(IsoDate(), '2100-12-31')).toBe(true);
    for (const bad of ['0001-01-01', '99999-01-01', '1949-12-31', '2101-01-01', '2023-02-29', 'infinity']) {
      expect(check(IsoDate(), bad), bad).toBe(false);
    }
    expect(check(IsoDateTime(), '2024-03-15 10:00')).toBe(true);
    expect(check(IsoDateTime(), '2024-13-15 10:00')).toBe(false);
  });
});
