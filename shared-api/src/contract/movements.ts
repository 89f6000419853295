// Movements: list and search, single-movement calls, pending movements.
import { IdParams } from '../schemas.ts';
import { Page } from './financial-schemas.ts';
import {
  Deleted,
  Movement,
  MovementFilter,
  MovementGetQuery,
  MovementIds,
  MovementInput,
  MovementListQuery,
  MovementSearchQuery,
  PendingQuery,
} from './movement-schemas.ts';
import { errors, type RouteDef } from './route-def.ts';

export const movementRoutes = {
  listMovements: {
    method: 'POST',
    url: '/api/v1/movement/list',
    summary: "A portfolio's movements (ptfId; clientId or familyId for the aggregate), filters in the body",
    tags: ['movements'],
    auth: true,
    querystring: MovementListQuery,
    body: MovementFilter,
    response: { 200: Page(Movement), ...errors },
  },
  searchMovements: {
    method: 'GET',
    url: '/api/v1/movement',
    summary: 'The movement list with the filters as query parameters',
    tags: ['movements'],
    auth: true,
    querystring: MovementSearchQuery,
    response: { 200: Page(Movement), ...errors },
  },
  pendingMovements: {
    method: 'GET',
    url: '/api/v1/movement/temporary/waiting',
    summary: 'Pending movements awaiting approval (a DELEGATE needs APPROVE_MOVEMENT; BASIC 403)',
    tags: ['movements'],
    auth: true,
    querystring: PendingQuery,
    response: { 200: Page(Movement), ...errors },
  },
  getMovement: {
    method: 'GET',
    url: '/api/v1/movement/:id',
    summary: 'One movement (not in a family view)',
    tags: ['movements'],
    auth: true,
    params: IdParams,
    querystring: MovementGetQuery,
    response: { 200: Movement, ...errors },
  },
  createMovement: {
    method: 'POST',
    url: '/api/v1/movement',
    summary:
      "Add a movement (amount = quantity x price for trades when omitted); a BASIC client's own entry, on its own accounts, always arrives PENDING (origin CLIENT)",
    tags: ['movements'],
    auth: true,
    body: MovementInput,
    response: { 200: Movement, ...errors },
  },
  updateMovement: {
    method: 'PUT',
    url: '/api/v1/movement/:id',
    summary: 'Edit a movement (all fields, as for adding)',
    tags: ['movements'],
    auth: true,
    params: IdParams,
    body: MovementInput,
    response: { 200: Movement, ...errors },
  },
  deleteMovement: {
    method: 'DELETE',
    url: '/api/v1/movement/:id',
    summary: 'Delete a movement',
    tags: ['movements'],
    auth: true,
    params: IdParams,
    response: { 200: Deleted, ...errors },
  },
  deleteMovements: {
    method: 'DELETE',
    url: '/api/v1/movement',
    summary: 'Delete movements by id: all visible or 404 and nothing deleted',
    tags: ['movements'],
    auth: true,
    body: MovementIds,
    response: { 200: Deleted, ...errors },
  },
} as const satisfies Record<string, RouteDef>;
