// Every route of the API as data: the server registers these, the typed client calls them.
import type { TSchema } from 'typebox';
import { Type } from 'typebox';
import { Client, ErrorBody, Family, IdParams, TourPatch, TourState, UserProfile, Version } from './schemas.ts';

export interface RouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  summary: string;
  tags: string[];
  /** false for the few public routes; everything else needs a bearer token. */
  auth: boolean;
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  response: { 200: TSchema } & Record<number, TSchema>;
}

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody } as const;

export const routes = {
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
  getClient: {
    method: 'GET',
    url: '/api/v1/user/client/:id',
    summary: 'One client the caller may see',
    tags: ['clients'],
    auth: true,
    params: IdParams,
    response: { 200: Client, ...errors },
  },
  getFamily: {
    method: 'GET',
    url: '/api/v1/family/:id',
    summary: 'One family the caller may see',
    tags: ['families'],
    auth: true,
    params: IdParams,
    response: { 200: Family, ...errors },
  },
} as const satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export { Type };
