// The answer cache keeps the most recently used answers up to its capacity.
import { expect, test } from 'vitest';
import { ResultCache } from './results.ts';

test('least recently used goes first; a read counts as a use', () => {
  const cache = new ResultCache(2);
  cache.set('a', { n: 1 });
  cache.set('b', { n: 2 });
  expect(cache.get('a')).toEqual({ n: 1 });
  cache.set('c', { n: 3 });
  expect(cache.get('b')).toBeUndefined();
  expect(cache.get('a')).toEqual({ n: 1 });
  expect(cache.get('c')).toEqual({ n: 3 });
  expect(cache.size).toBe(2);
  cache.set('a', { n: 4 });
  expect(cache.get('a')).toEqual({ n: 4 });
  expect(cache.size).toBe(2);
});
