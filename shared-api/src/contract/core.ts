// Liveness, the signed-in user and the guided-tour state.
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
} as const satisfies Record<string, RouteDef>;
