// GET /fabrick/onboarding/success: the client is back from the open-banking provider's consent pages. The
// onboarding is recorded for the back office's review (one open per client); movements are downloaded after it.
import { type BankOnboarding, routes } from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../access/audit.ts';
import { targetClientId } from '../../access/clients.ts';
import { caller } from '../../plugins/auth.ts';
import { route } from '../../plugins/route.ts';

interface Row {
  id: string;
  client_id: string;
  status: BankOnboarding['status'];
  completed_at: Date;
}

const toOnboarding = (r: Row): BankOnboarding => ({
  id: Number(r.id),
  clientId: Number(r.client_id),
  status: r.status,
  completedAt: new Date(r.completed_at).toISOString(),
});

export async function onboardingRoutes(app: FastifyInstance): Promise<void> {
  route(app, routes.fabrickOnboardingSuccess, async (request) => {
    const user = caller(request);
    return app.db.transaction(async (tx) => {
      const clientId = await targetClientId(tx, user, request.query.clientId);
      const inserted = await tx.query<Row>(
        `insert into bank_onboardings (client_id, requested_by) values ($1, $2)
         on conflict (client_id) where status = 'PENDING_REVIEW' do nothing
         returning id, client_id, status, completed_at`,
        [clientId, user.userId],
      );
      if (inserted.rows[0]) {
        await audit(tx, user, 'create', 'bank_onboarding', inserted.rows[0].id, null, { clientId });
        return toOnboarding(inserted.rows[0]);
      }
      const open = await tx.query<Row>(
        `select id, client_id, status, completed_at from bank_onboardings
          where client_id = $1 and status = 'PENDING_REVIEW'`,
        [clientId],
      );
      return toOnboarding(open.rows[0]!);
    });
  });
}
