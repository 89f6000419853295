import { describe, expect, test } from 'vitest';
import { canWriteAssets } from './access.ts';

describe('who may write', () => {
  test('the four staff roles write; BASIC and a missing role only read', () => {
    expect(['ADMIN', 'BACK_OFFICE', 'PRO', 'DELEGATE'].map((r) => canWriteAssets(r as never))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(canWriteAssets('BASIC')).toBe(false);
    expect(canWriteAssets(null)).toBe(false);
    expect(canWriteAssets(undefined)).toBe(false);
  });
});
