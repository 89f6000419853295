// Every route of the API, registered in one place: the application (../app.ts) mounts this plugin after the access
// and data layers' infrastructure. Route files import from access/ and data/ below them; nothing imports from here but
// the application.
import type { FastifyInstance } from 'fastify';
import { adminRoutes } from './admin/index.ts';
import { analyticsRoutes } from './analytics.ts';
import { clientRoutes } from './clients.ts';
import { controlRoutes } from './controls/index.ts';
import { delegateRoutes } from './delegates.ts';
import { documentRoutes } from './documents.ts';
import { exchangeRoutes } from './exchange/index.ts';
import { familyRoutes } from './families.ts';
import { financialRoutes } from './financial/index.ts';
import { geoRoutes } from './geo.ts';
import { liveRoutes } from './live.ts';
import { planningRoutes } from './planning/index.ts';
import { proRegistrationRoutes } from './pro-registration.ts';
import { realEstateRoutes } from './real-estate/index.ts';
import { registrationRoutes } from './registration.ts';
import { reportRoutes } from './report.ts';
import { shareLuxRoutes } from './shares-lux/index.ts';
import { subscriptionRoutes } from './subscriptions.ts';
import { supportRoutes } from './support.ts';
import { userRoutes } from './user.ts';
import { widgetRoutes } from './widgets.ts';

export async function apiRoutes(app: FastifyInstance): Promise<void> {
  for (const routes of [
    liveRoutes,
    userRoutes,
    clientRoutes,
    familyRoutes,
    financialRoutes,
    registrationRoutes,
    analyticsRoutes,
    realEstateRoutes,
    shareLuxRoutes,
    planningRoutes,
    geoRoutes,
    reportRoutes,
    controlRoutes,
    exchangeRoutes,
    adminRoutes,
    proRegistrationRoutes,
    delegateRoutes,
    documentRoutes,
    supportRoutes,
    subscriptionRoutes,
    widgetRoutes,
  ]) {
    await app.register(routes);
  }
}
