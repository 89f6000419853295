// The shell's trial banner (issue 19: "A banner in the shell counts the last 7 days of a trial"): which trials to
// count for the signed-in user — a BASIC user's own, a PRO's or DELEGATE's practice, the selected client — each in
// its last TRIAL_BANNER_DAYS days, and an ended own or practice trial (a BASIC user is not sent away by the route
// guard, so the banner is where it learns it must subscribe).
import type { SubscriptionStatus } from '@patrimonio/shared-api';
import { TRIAL_BANNER_DAYS, trialDaysLeft } from '@patrimonio/shared-api/constants';
import {
  clientDisplayName,
  type Selection,
  type TrialNotice,
  todayIso,
  type UserProfile,
  useApiQuery,
} from '@patrimonio/shared-ui';

const inLastDays = (days: number) => days > 0 && days <= TRIAL_BANNER_DAYS;

/** Pure: the notices of the user's own or practice status and of the selected client, on `today`. */
export function trialNotices(
  user: Pick<UserProfile, 'role' | 'clientId'>,
  own: Pick<SubscriptionStatus, 'trial' | 'trialDaysLeft' | 'trialEnded'> | null,
  selection: Selection | null,
  today: string,
): TrialNotice[] {
  const notices: TrialNotice[] = [];
  if (own) {
    const whose = user.role === 'BASIC' ? 'own' : 'practice';
    const href =
      user.role === 'BASIC' ? `/client/${user.clientId}/subscription` : user.role === 'PRO' ? '/profile' : null;
    if (own.trialEnded) notices.push({ whose, daysLeft: 0, ended: true, href });
    else if (own.trial && inLastDays(own.trialDaysLeft))
      notices.push({ whose, daysLeft: own.trialDaysLeft, ended: false, href });
  }
  const client = selection?.kind === 'client' && selection.status === 'succeded' ? selection.client : undefined;
  if (client && !client.subscribe && client.trial) {
    const days = trialDaysLeft(client.trialUntil, today);
    if (inLastDays(days))
      notices.push({
        whose: 'client',
        name: clientDisplayName(client),
        daysLeft: days,
        ended: false,
        href: `/client/${client.id}/subscription`,
      });
  }
  return notices;
}

/** The banner's notices for the session (asks for the user's own or practice status). */
export function useTrialNotices(user: UserProfile, selection: Selection | null): TrialNotice[] {
  const basic = user.role === 'BASIC' && user.clientId !== null;
  const practice = user.role === 'PRO' || user.role === 'DELEGATE';
  const own = useApiQuery('getClientSubscription', { params: { id: user.clientId ?? 0 } }, { enabled: basic });
  const office = useApiQuery('getPracticeSubscription', undefined, { enabled: practice });
  const status = basic ? own.data : practice ? office.data : undefined;
  return trialNotices(user, status ?? null, selection, todayIso());
}
