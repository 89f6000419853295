import { describe, expect, test } from 'vitest';
import { clientFixture } from '../../../tests/support/fixtures.ts';
import { trialNotices } from './trial-banner.ts';

const TODAY = '2026-11-27';
const pro = { role: 'PRO', clientId: null } as const;
const basic = { role: 'BASIC', clientId: 7 } as const;
const status = (trial: boolean, trialDaysLeft: number, trialEnded = false) => ({ trial, trialDaysLeft, trialEnded });
const selected = (trialUntil: string | null, trial = true, subscribe = false) => ({
  kind: 'client' as const,
  id: 5,
  status: 'succeded' as const,
  client: clientFixture({ id: 5, firstName: 'Luca', lastName: 'Neri', subscribe, trial, trialUntil }),
});

describe('the trial banner counts the last 7 days of a trial (issue 19)', () => {
  test("a BASIC user's own trial: counted in its last 7 days, said when ended, with the link to its page", () => {
    expect(trialNotices(basic, status(true, 8), null, TODAY)).toEqual([]);
    expect(trialNotices(basic, status(true, 7), null, TODAY)).toEqual([
      { whose: 'own', daysLeft: 7, ended: false, href: '/client/7/subscription' },
    ]);
    expect(trialNotices(basic, status(false, 0, true), null, TODAY)).toEqual([
      { whose: 'own', daysLeft: 0, ended: true, href: '/client/7/subscription' },
    ]);
    expect(trialNotices(basic, status(false, 0), null, TODAY)).toEqual([]);
  });

  test("a practice's trial links to the PRO's profile, a DELEGATE gets no link", () => {
    expect(trialNotices(pro, status(true, 1), null, TODAY)).toEqual([
      { whose: 'practice', daysLeft: 1, ended: false, href: '/profile' },
    ]);
    expect(trialNotices({ role: 'DELEGATE', clientId: null }, status(true, 3), null, TODAY)[0]?.href).toBeNull();
  });

  test('the selected client: its last 7 days (its last day included), not when subscribed or further away', () => {
    expect(trialNotices(pro, null, selected('2026-12-03'), TODAY)).toEqual([
      { whose: 'client', name: 'Luca Neri', daysLeft: 7, ended: false, href: '/client/5/subscription' },
    ]);
    expect(trialNotices(pro, null, selected('2026-11-27'), TODAY)[0]?.daysLeft).toBe(1);
    expect(trialNotices(pro, null, selected('2026-12-04'), TODAY)).toEqual([]);
    expect(trialNotices(pro, null, selected('2026-12-01', true, true), TODAY)).toEqual([]);
  });
});
