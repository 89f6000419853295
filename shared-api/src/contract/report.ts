// The wealth report's server calls (portal-and-report sections 3, 7 and 9): the report logo and the report settings
// per client or family. Written by issue 7.
import { ErrorBody } from '../schemas.ts';
import { LogoBinary, LogoInfo, LogoUpload, ReportSettings, ReportSettingsQuery } from './report-schemas.ts';
import { errors, type RouteDef } from './route-def.ts';

export const reportRoutes = {
  getReportLogo: {
    method: 'GET',
    url: '/api/v1/user/logo-report',
    summary: "The report logo as an image (for a DELEGATE its PRO's, for a BASIC user its adviser's); 404 when none",
    tags: ['report'],
    auth: true,
    response: { 200: LogoBinary, ...errors },
  },
  saveReportLogo: {
    method: 'POST',
    url: '/api/v1/user/logo-report',
    summary:
      "Save the caller's report logo: png, jpeg or svg by content, at most 15,000,000 bytes; an svg is sanitised",
    tags: ['report'],
    auth: true,
    body: LogoUpload,
    response: { 200: LogoInfo, ...errors, 413: ErrorBody, 503: ErrorBody },
  },
  getReportSettings: {
    method: 'GET',
    url: '/api/v1/user/settings-report',
    summary: "A client's or a family's report settings, filtered to the portfolio menu (defaults when none saved)",
    tags: ['report'],
    auth: true,
    querystring: ReportSettingsQuery,
    response: { 200: ReportSettings, ...errors },
  },
  saveReportSettings: {
    method: 'POST',
    url: '/api/v1/user/settings-report',
    summary: "Save a client's or a family's report settings",
    tags: ['report'],
    auth: true,
    querystring: ReportSettingsQuery,
    body: ReportSettings,
    response: { 200: ReportSettings, ...errors },
  },
} as const satisfies Record<string, RouteDef>;

export type { LogoInfo, ReportSettings } from './report-schemas.ts';
