// The one rule of who works the middle office (spec portal-and-report 2: "APPROVE_MOVEMENT and MANAGE_CONTROL together
// give both entries; one gives only its entry; neither gives none. A PRO or an impersonator sees Middle office").
import { describe, expect, test } from 'vitest';
import { mayApproveMovements, mayManageControls } from './middle-office-codes.ts';

const user = (role: string, permissions: string[] = [], impersonator: string | null = null) => ({
  role,
  permissions,
  impersonator,
});

describe('who works the middle office', () => {
  test.each([
    ['ADMIN', [], null, true, true],
    ['BACK_OFFICE', [], null, true, true],
    ['PRO', [], null, true, true],
    ['DELEGATE', ['APPROVE_MOVEMENT', 'MANAGE_CONTROL'], null, true, true],
    ['DELEGATE', ['APPROVE_MOVEMENT'], null, true, false],
    ['DELEGATE', ['MANAGE_CONTROL'], null, false, true],
    ['DELEGATE', [], null, false, false],
    ['DELEGATE', [], 'admin', true, true],
    ['BASIC', ['APPROVE_MOVEMENT', 'MANAGE_CONTROL'], null, false, false],
    ['BASIC', [], 'admin', false, false],
  ])('%s %j impersonated by %s: approve %s, controls %s', (role, permissions, impersonator, approve, controls) => {
    const u = user(role, permissions, impersonator);
    expect(mayApproveMovements(u)).toBe(approve);
    expect(mayManageControls(u)).toBe(controls);
  });
});
