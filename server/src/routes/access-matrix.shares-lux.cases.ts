// The access matrix's cases for the family business share and art and luxury routes (contract/shares-lux.ts), one per route, spread into CASES
// (access-matrix.cases.ts: the rules, the fixtures and the shape of a case). Written by issue 6.
import type { RouteName } from '@patrimonio/shared-api';
import type { RouteCase } from './access-matrix.cases.ts';

export const SHARE_LUX_CASES: Partial<Record<RouteName, RouteCase>> = {};
