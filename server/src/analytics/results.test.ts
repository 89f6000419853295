// The answer cache keeps the most recently used calls up to its capacity, one answer (one data state) per call.
import { expect, test } from 'vitest';
import { ResultCache } from './results.ts';

test('least recently used goes first; a read counts as a use', () => {
  const cache = new ResultCache(2);
  cache.set('a', 's', { n: 1 });
  cache.set('b', 's', { n: 2 });
  expect(cache.get('a', 's')).toEqual({ n: 1 });
  cache.set('c', 's', { n: 3 });
  expect(cache.get('b', 's')).toBeUndefined();
  expect(cache.get('a', 's')).toEqual({ n: 1 });
  expect(cache.get('c', 's')).toEqual({ n: 3 });
  expect(cache.size).toBe(2);
  cache.set('a', 's', { n: 4 });
  expect(cache.get('a', 's')).toEqual({ n: 4 });
  expect(cache.size).toBe(2);
});

test("a call's answer at a new data state replaces the old one, which is not answered again", () => {
  const cache = new ResultCache(10);
  cache.set('a', 'v1', { n: 1 });
  expect(cache.get('a', 'v2')).toBeUndefined();
  cache.set('a', 'v2', { n: 2 });
  expect(cache.size).toBe(1);
  expect(cache.get('a', 'v1')).toBeUndefined();
  expect(cache.get('a', 'v2')).toEqual({ n: 2 });
});
