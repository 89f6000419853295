// The demo service account (demo data only): `npm run report` signs in with it by default and makes the reports of
// the demo PRO's clients. Production deployments create their own accounts with their own secrets (README,
// "Reports from the command line") and give them to the command in REPORT_CLIENT_ID / REPORT_CLIENT_SECRET.
import { createServiceAccount } from '../../identity/service-accounts.ts';
import type { Queryable } from '../database.ts';

export const DEMO_REPORT_CLIENT = {
  clientId: 'report-batch',
  secret: 'patrimonio-report-batch',
  name: 'Report batch (demo)',
  /** The demo user it acts as. */
  login: 'pro',
} as const;

export async function seedServiceAccounts(tx: Queryable, userIds: Map<string, number>): Promise<void> {
  const userId = userIds.get(DEMO_REPORT_CLIENT.login);
  if (userId === undefined) throw new Error(`demo service account: no demo user ${DEMO_REPORT_CLIENT.login}`);
  await createServiceAccount(tx, { ...DEMO_REPORT_CLIENT, userId });
}
