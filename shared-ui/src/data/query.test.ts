// The query hooks' retry rule: 3 tries for failures that may pass, none for a 4xx (it will not change) nor for a 503
// with Retry-After, which the typed client has already asked again after the seconds it named (shared-api client.ts).
import { ApiError } from '@patrimonio/shared-api';
import { describe, expect, test } from 'vitest';
import { apiKey, shouldRetry } from './query.ts';

describe('shouldRetry', () => {
  test('a network failure or a 5xx: up to 3 times', () => {
    for (const error of [new TypeError('fetch failed'), new ApiError(500, null), new ApiError(503, null)]) {
      expect([0, 1, 2, 3].map((failures) => shouldRetry(failures, error))).toEqual([true, true, true, false]);
    }
  });

  test('a 4xx, or a 503 the client already retried after its Retry-After: never', () => {
    for (const error of [new ApiError(400, null), new ApiError(404, null), new ApiError(503, null, 2)])
      expect(shouldRetry(0, error)).toBe(false);
  });
});

describe('apiKey', () => {
  test('the route name, params and query; the body too when a read takes one (the movement filters)', () => {
    expect(apiKey('getDataTour')).toEqual(['getDataTour']);
    expect(apiKey('getMovement', { params: { id: 3 }, query: {} })).toEqual(['getMovement', { id: 3 }, {}]);
    const list = (cause: 'FEE' | 'BUY') => apiKey('listMovements', { query: { page: 1 }, body: { cause: [cause] } });
    expect(list('FEE')).toEqual(['listMovements', null, { page: 1 }, { cause: ['FEE'] }]);
    expect(list('FEE')).not.toEqual(list('BUY'));
  });
});
