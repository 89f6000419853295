// Every route of the API as data: the server registers these, the typed client calls them. One table per
// domain in ./contract; this file joins them.
import { adminRoutes } from './contract/admin.ts';
import { analyticsRoutes } from './contract/analytics.ts';
import { clientRoutes } from './contract/clients.ts';
import { coreRoutes } from './contract/core.ts';
import { delegateRoutes } from './contract/delegates.ts';
import { documentRoutes } from './contract/documents.ts';
import { exchangeRoutes } from './contract/exchange.ts';
import { familyRoutes } from './contract/families.ts';
import { financialRoutes } from './contract/financial.ts';
import { geoRoutes } from './contract/geo.ts';
import { middleOfficeRoutes } from './contract/middle-office.ts';
import { movementRoutes } from './contract/movements.ts';
import { onboardingRoutes } from './contract/onboarding.ts';
import { planningRoutes } from './contract/planning.ts';
import { proRegistrationRoutes } from './contract/pro-registration.ts';
import { realEstateRoutes } from './contract/real-estate.ts';
import { registrationRoutes } from './contract/registration.ts';
import { reportRoutes } from './contract/report.ts';
import { shareLuxRoutes } from './contract/shares-lux.ts';
import { stockRoutes } from './contract/stocks.ts';
import { subscriptionRoutes } from './contract/subscriptions.ts';
import { supportRoutes } from './contract/support.ts';
import { uploadRoutes } from './contract/uploads.ts';
import { widgetRoutes } from './contract/widgets.ts';

export { errors, type RouteDef } from './contract/route-def.ts';

export const routes = {
  ...coreRoutes,
  ...clientRoutes,
  ...familyRoutes,
  ...financialRoutes,
  ...stockRoutes,
  ...movementRoutes,
  ...middleOfficeRoutes,
  ...exchangeRoutes,
  ...adminRoutes,
  ...uploadRoutes,
  ...onboardingRoutes,
  ...analyticsRoutes,
  ...registrationRoutes,
  ...realEstateRoutes,
  ...shareLuxRoutes,
  ...planningRoutes,
  ...geoRoutes,
  ...reportRoutes,
  ...proRegistrationRoutes,
  ...delegateRoutes,
  ...documentRoutes,
  ...supportRoutes,
  ...subscriptionRoutes,
  ...widgetRoutes,
};

export type Routes = typeof routes;
export type RouteName = keyof Routes;
