// Liveness, the signed-in user and the guided-tour state.
import { Type } from 'typebox';
import { ErrorBody, TourPatch, TourState, UserProfile, Version } from '../schemas.ts';
import { errors, type RouteDef } from './route-def.ts';

export const coreRoutes = {
  liveVersion: {
    method: 'GET',
    url: '/api/v1/live/version',
    summary: 'Server version',
    tags: ['live'],
    auth: false,
    response: { 200: Version },
  },
  userMe: {
    method: 'GET',
    url: '/api/v1/user/me',
    summary: 'The signed-in user',
    tags: ['user'],
    auth: true,
    response: { 200: UserProfile, 401: ErrorBody },
  },
  getDataTour: {
    method: 'GET',
    url: '/api/v1/user/data-tour',
    summary: 'Completed guided-tour sections',
    tags: ['tour'],
    auth: true,
    response: { 200: TourState, 401: ErrorBody },
  },
  patchDataTour: {
    method: 'PATCH',
    url: '/api/v1/user/data-tour',
    summary: 'Record a completed guided-tour section',
    tags: ['tour'],
    auth: true,
    body: TourPatch,
    response: { 200: TourState, ...errors },
  },
  stopImpersonation: {
    method: 'POST',
    url: '/api/v1/impersonation/stop',
    summary:
      "Ends the caller's impersonation (an ADMIN acting as a PRO through the issuer's token exchange): the " +
      'exchanged token stops working; audited. 409 not_impersonating for any other token',
    tags: ['user'],
    auth: true,
    response: { 200: Type.Object({ stopped: Type.Literal(true) }), ...errors, 409: ErrorBody },
  },
} as const satisfies Record<string, RouteDef>;
