// The client and family lists (all of them, size 10000) for advisers. BASIC users never fetch them (spec
// section 6): the queries stay disabled for any role but PRO and DELEGATE.
import { type Role, useApiQuery } from '@patrimonio/shared-ui';
import { ALL } from './model.ts';

export const managesClients = (role: Role | null | undefined): boolean => role === 'PRO' || role === 'DELEGATE';

export const CLIENTS_REQUEST = { query: { page: 1, size: ALL, sort: 'updatedAt,desc' } };
export const FAMILIES_REQUEST = { query: { page: 1, size: ALL, sort: 'updatedAt,desc' as const } };

export function useAllClients(role: Role | null | undefined) {
  return useApiQuery('listClients', CLIENTS_REQUEST, { enabled: managesClients(role) });
}

export function useAllFamilies(role: Role | null | undefined) {
  return useApiQuery('listFamilies', FAMILIES_REQUEST, { enabled: managesClients(role) });
}

/** What a client or family write changes: the lists, the loaded client or family, their figures. */
export const CLIENT_WRITES = ['listClients', 'listFamilies', 'getClient'] as const;
export const FAMILY_WRITES = ['listFamilies', 'getFamily', 'dashboard', 'assetsHistoryTotal'] as const;
