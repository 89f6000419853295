// Which users see the page's write actions.
import { describe, expect, test } from 'vitest';
import { showsWriteActions } from './access.ts';

describe('write actions', () => {
  test('ADMIN, BACK_OFFICE, PRO and DELEGATE see them; BASIC and a missing role do not', () => {
    expect(['ADMIN', 'BACK_OFFICE', 'PRO', 'DELEGATE'].map((r) => showsWriteActions(r as 'PRO', false))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(showsWriteActions('BASIC', false)).toBe(false);
    expect(showsWriteActions(null, false)).toBe(false);
  });
  test('report mode hides them for everyone', () => {
    expect(showsWriteActions('PRO', true)).toBe(false);
    expect(showsWriteActions('ADMIN', true)).toBe(false);
  });
});
