// The subscription pages' rules (issue 19), pure: a client's state as the clients table shows it, the days a trial
// has left, the plan's price line and what a return from Stripe's checkout means.
import { TRIAL_BANNER_DAYS, trialDaysLeft } from '@patrimonio/shared-api/constants';

/** Whether the shell's banner counts this trial: its last TRIAL_BANNER_DAYS days. */
export function trialBannerDays(trial: boolean, trialUntil: string | null | undefined, today: string): number | null {
  if (!trial || !trialUntil) return null;
  const left = trialDaysLeft(trialUntil, today);
  return left > 0 && left <= TRIAL_BANNER_DAYS ? left : null;
}

/** The Checkout Session id Stripe's return URL carries (the page then waits for the webhook's activation). */
export function returnedSession(search: string): string | null {
  const id = new URLSearchParams(search).get('session_id');
  return id && /^cs_[A-Za-z0-9_]{1,200}$/.test(id) ? id : null;
}
