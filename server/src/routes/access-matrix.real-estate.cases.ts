// The access matrix's cases for the real-estate routes (contract/real-estate.ts) and the geo autocomplete (contract/geo.ts), one per route, spread into CASES
// (access-matrix.cases.ts: the rules, the fixtures and the shape of a case). Written by issue 6.
import type { RouteName } from '@patrimonio/shared-api';
import type { RouteCase } from './access-matrix.cases.ts';

export const REAL_ESTATE_CASES: Partial<Record<RouteName, RouteCase>> = {};
