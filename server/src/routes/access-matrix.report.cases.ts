// The access matrix's cases for the report routes (contract/report.ts), one per route, spread into CASES
// (access-matrix.cases.ts: the rules, the fixtures and the shape of a case). Written by issue 7.
import type { RouteName } from '@patrimonio/shared-api';
import type { RouteCase } from './access-matrix.cases.ts';

export const REPORT_CASES: Partial<Record<RouteName, RouteCase>> = {};
