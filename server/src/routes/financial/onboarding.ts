// GET /fabrick/onboarding/success: the client is back from the open-banking provider's consent pages. The
// onboarding is recorded for the back office's review (one open per client); movements are downloaded after it.
import { routes } from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../access/audit.ts';
import { targetClientId } from '../../access/clients.ts';
import { insertOpenOnboarding, openOnboarding } from '../../data/financial/onboardings.ts';
import { caller } from '../../plugins/auth.ts';
import { route } from '../../plugins/route.ts';

export async function onboardingRoutes(app: FastifyInstance): Promise<void> {
  route(app, routes.fabrickOnboardingSuccess, async (request) => {
    const user = caller(request);
    return app.db.transaction(async (tx) => {
      const clientId = await targetClientId(tx, user, request.query.clientId);
      const created = await insertOpenOnboarding(tx, clientId, user.userId);
      if (created) {
        await audit(tx, user, 'create', 'bank_onboarding', created.id, null, { clientId });
        return created;
      }
      return openOnboarding(tx, clientId);
    });
  });
}
