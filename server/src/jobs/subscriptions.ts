// The daily expiry of subscriptions (issue 19): every paid period that ended un-renewed ends its subscription, and the
// client's or practice's subscribe flag follows (data/subscriptions.ts expireSubscriptions). A cron schedule on the
// queue sends it each night; one queued and one running at most.
import { audit } from '../access/audit.ts';
import { expireSubscriptions } from '../data/subscriptions.ts';
import type { JobContext } from './index.ts';
import type { JobDefinition, JobQueue } from './queue.ts';

export const SUBSCRIPTIONS_EXPIRY = 'subscriptions-expiry';
/** Each day at 00:15 (the queue's time zone, UTC). */
export const SUBSCRIPTIONS_EXPIRY_CRON = '15 0 * * *';

/** Ends the subscriptions whose period ended; answers how many subscribers changed. */
export async function runSubscriptionsExpiry(ctx: Pick<JobContext, 'db'>): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const ended = await expireSubscriptions(tx);
    if (ended.length > 0) await audit(tx, null, 'expire', 'subscription', null, null, { subscribers: ended });
    return ended.length;
  });
}

export const subscriptionsExpiry = (ctx: JobContext): JobDefinition<object> => ({
  name: SUBSCRIPTIONS_EXPIRY,
  policy: 'stately',
  key: () => 'daily',
  handler: async () => {
    await runSubscriptionsExpiry(ctx);
  },
});

/** Keeps the daily schedule (at start, in processes that work). */
export async function scheduleSubscriptionsExpiry(jobs: JobQueue): Promise<void> {
  await jobs.schedule(SUBSCRIPTIONS_EXPIRY, 'daily', SUBSCRIPTIONS_EXPIRY_CRON, {});
}
