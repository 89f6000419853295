// Open-banking onboarding (Fabrick): the provider sends the client back to the portal, which reports success.
import { type Static, Type } from 'typebox';
import { Id } from './fields.ts';
import { errors, type RouteDef } from './route-def.ts';

export const OnboardingSuccessQuery = Type.Object({ clientId: Type.Optional(Id) }, { additionalProperties: false });

export const BankOnboarding = Type.Object({
  id: Id,
  clientId: Id,
  status: Type.Union([Type.Literal('PENDING_REVIEW'), Type.Literal('APPROVED'), Type.Literal('REJECTED')], {
    description: 'PENDING_REVIEW until the back office reviews it; movements are downloaded once APPROVED',
  }),
  completedAt: Type.String({ format: 'date-time' }),
});
export type BankOnboarding = Static<typeof BankOnboarding>;

export const onboardingRoutes = {
  fabrickOnboardingSuccess: {
    method: 'GET',
    url: '/api/v1/fabrick/onboarding/success',
    summary:
      'Record a completed open-banking onboarding for review (the caller’s own client for BASIC, else clientId); ' +
      'repeated calls answer the onboarding already under review',
    tags: ['financial'],
    auth: true,
    querystring: OnboardingSuccessQuery,
    response: { 200: BankOnboarding, ...errors },
  },
} as const satisfies Record<string, RouteDef>;
