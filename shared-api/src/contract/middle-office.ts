// The middle office (issue 16; spec portal-and-report 2, data-and-admin 6 and 9): pending movements and the
// reconciliation controls. Pending movements: ADMIN, BACK_OFFICE and PRO; a DELEGATE with APPROVE_MOVEMENT (else 403).
// Controls: ADMIN, BACK_OFFICE, PRO; a DELEGATE with MANAGE_CONTROL (else 403). BASIC 403. Ids the caller may not see
// answer 404.
import { ErrorBody, IdParams } from '../schemas.ts';
import { Page } from './financial-schemas.ts';
import {
  AcceptBody,
  ControlDetail,
  ControlDetailQuery,
  ControlListQuery,
  ControlParams,
  ControlRow,
  Decision,
  PendingCount,
  PendingEdit,
  PendingIds,
  RejectBody,
  RejectedQuery,
} from './middle-office-schemas.ts';
import { Movement } from './movement-schemas.ts';
import { errors, type RouteDef } from './route-def.ts';

const withConflict = { ...errors, 409: ErrorBody } as const;

export const middleOfficeRoutes = {
  pendingCount: {
    method: 'GET',
    url: '/api/v1/movement/temporary/count',
    summary: "The side menu's badge: how many pending movements the caller may approve",
    tags: ['middle office'],
    auth: true,
    response: { 200: PendingCount, ...errors },
  },
  approveMovements: {
    method: 'POST',
    url: '/api/v1/movement/temporary/approve',
    summary:
      'Approve pending movements in one transaction (409 oversold naming the line when a sale would exceed what is held); each row is approved once',
    tags: ['middle office'],
    auth: true,
    body: PendingIds,
    response: { 200: Decision, ...withConflict },
  },
  rejectMovements: {
    method: 'POST',
    url: '/api/v1/movement/temporary/reject',
    summary: 'Reject pending movements with a reason (kept, audited, shown to the author)',
    tags: ['middle office'],
    auth: true,
    body: RejectBody,
    response: { 200: Decision, ...errors },
  },
  editPendingMovement: {
    method: 'PUT',
    url: '/api/v1/movement/temporary/:id',
    summary: 'Edit a pending movement before approving it: cause, subcause, instrument, account (409 not_pending)',
    tags: ['middle office'],
    auth: true,
    params: IdParams,
    body: PendingEdit,
    response: { 200: Movement, ...withConflict },
  },
  rejectedMovements: {
    method: 'GET',
    url: '/api/v1/movement/temporary/rejected',
    summary:
      'Rejected movements with their reasons: those the caller may approve, and for any role those the caller entered',
    tags: ['middle office'],
    auth: true,
    querystring: RejectedQuery,
    response: { 200: Page(Movement), ...errors },
  },
  listControls: {
    method: 'GET',
    url: '/api/v1/controls',
    summary: 'One row per portfolio the caller sees: last check date, status, differences, lastQuantityCheckOkDate',
    tags: ['middle office'],
    auth: true,
    querystring: ControlListQuery,
    response: { 200: Page(ControlRow), ...errors },
  },
  controlDetail: {
    method: 'GET',
    url: '/api/v1/controls/:clientId/:portfolioId',
    summary:
      'A portfolio against the bank at a date: balances, quantities, the transactions since the previous check, prices',
    tags: ['middle office'],
    auth: true,
    params: ControlParams,
    querystring: ControlDetailQuery,
    response: { 200: ControlDetail, ...errors },
  },
  acceptControl: {
    method: 'POST',
    url: '/api/v1/controls/:clientId/:portfolioId/accept',
    summary: 'Accept the differences at a bank date with a mandatory note (audited); the date counts as OK',
    tags: ['middle office'],
    auth: true,
    params: ControlParams,
    body: AcceptBody,
    response: { 200: ControlDetail, ...errors },
  },
} as const satisfies Record<string, RouteDef>;
