// The shape of a contract entry, shared by every domain's route table.
import type { TSchema } from 'typebox';
import { ErrorBody } from '../schemas.ts';

export interface RouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  summary: string;
  tags: string[];
  /** false for the few public routes; everything else needs a bearer token. */
  auth: boolean;
  /** Sent to the admin base address (spec: admin calls go to a separate base host), the same server by default. */
  adminHost?: boolean;
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  /** Multipart uploads: the body is read by the route itself, not validated as JSON. */
  multipart?: boolean;
  response: { 200: TSchema } & Record<number, TSchema>;
}

/** The error answers most authenticated routes can give. */
export const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody } as const;
