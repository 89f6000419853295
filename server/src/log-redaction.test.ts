// Invitation tokens must not reach the request log (they register an account once each).
import { describe, expect, test } from 'vitest';
import { redactTokens } from './app.ts';

describe('redactTokens', () => {
  test.each([
    ['/register-client?token=abc-123_XYZ', '/register-client?token=[redacted]'],
    ['/api/v1/register/client?lang=it&token=abc&x=1', '/api/v1/register/client?lang=it&token=[redacted]&x=1'],
    ['/api/v1/register/client?TOKEN=abc#top', '/api/v1/register/client?TOKEN=[redacted]#top'],
    ['/api/v1/movement?accessToken=1&tokenish=2', '/api/v1/movement?accessToken=1&tokenish=2'],
    ['/overview', '/overview'],
  ])('%s', (url, expected) => {
    expect(redactTokens(url)).toBe(expected);
  });
});
