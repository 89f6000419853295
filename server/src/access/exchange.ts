// Who works the bank file exchange (issue 17; spec portal-and-report 2: ADMIN has /caronte-server, ADMIN and
// BACK_OFFICE /counterparts, /file-log, /import-activity, /caronte-mapping): the servers, their secrets, checks and
// fetches are the ADMIN's alone; counterparts, mapping, the file log and import activity are ADMIN's and
// BACK_OFFICE's. The file exchange is the platform's, not a tenant's: these roles see all of it. Every other role 403.
// The rules are shared-api's exchange-codes.ts (mayManageServers, mayUseFileExchange), which the pages follow too.
import type { Role } from '@patrimonio/shared-api';

export const SERVER_ROLES: readonly Role[] = ['ADMIN'];
export const FILE_EXCHANGE_ROLES: readonly Role[] = ['ADMIN', 'BACK_OFFICE'];
