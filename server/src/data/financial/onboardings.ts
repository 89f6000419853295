// The bank_onboardings table: a client's consent at the open-banking provider, one open (PENDING_REVIEW) per client.
import type { BankOnboarding } from '@patrimonio/shared-api';
import type { Queryable } from '../../db/database.ts';

interface OnboardingRow {
  id: string;
  client_id: string;
  status: BankOnboarding['status'];
  completed_at: Date;
}

const toOnboarding = (r: OnboardingRow): BankOnboarding => ({
  id: Number(r.id),
  clientId: Number(r.client_id),
  status: r.status,
  completedAt: new Date(r.completed_at).toISOString(),
});

/** Records a new open onboarding of the client; null when one is open already. */
export async function insertOpenOnboarding(
  db: Queryable,
  clientId: number,
  requestedBy: number | null,
): Promise<BankOnboarding | null> {
  const { rows } = await db.query<OnboardingRow>(
    `insert into bank_onboardings (client_id, requested_by) values ($1, $2)
     on conflict (client_id) where status = 'PENDING_REVIEW' do nothing
     returning id, client_id, status, completed_at`,
    [clientId, requestedBy],
  );
  return rows[0] ? toOnboarding(rows[0]) : null;
}

/** The client's open onboarding (there is one when insertOpenOnboarding found it taken). */
export async function openOnboarding(db: Queryable, clientId: number): Promise<BankOnboarding> {
  const { rows } = await db.query<OnboardingRow>(
    `select id, client_id, status, completed_at from bank_onboardings
      where client_id = $1 and status = 'PENDING_REVIEW'`,
    [clientId],
  );
  return toOnboarding(rows[0]!);
}
