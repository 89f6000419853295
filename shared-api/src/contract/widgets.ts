// Widget tokens and the widget data API (issue 20). A PRO issues a read-only widget token for one of its clients or
// families: which widgets it may draw, which web origins may use it (the adviser's own site), until when, and a label.
// The token is opaque (`ptw_` and 43 base64url characters); only its SHA-256 is stored, so it is shown once, at issue
// or re-issue. It reads GET /api/v1/widget-data/{widget} for its owner and its widgets only, never writes, and stops at
// once when revoked or expired. The API answers CORS only for the token's origins. Every use is counted.
import { type Static, Type } from 'typebox';
import { Id, IsoDate, Name, Nullable } from './fields.ts';
import { errors, type RouteDef } from './route-def.ts';
import { WIDGET_DATA, WidgetKindSchema } from './widget-schemas.ts';

/** The longest a token may live, in days (a year): an adviser's site re-issues it. */
export const WIDGET_TOKEN_MAX_DAYS = 366;
/** At most this many origins per token. */
export const WIDGET_TOKEN_MAX_ORIGINS = 10;
/** At most this many live tokens per client or family. */
export const WIDGET_TOKEN_MAX_LIVE = 20;
/** The token's prefix, so that a leaked one is recognised by secret scanners and in logs. */
export const WIDGET_TOKEN_PREFIX = 'ptw_';
/** The token: its prefix and 32 random bytes in base64url. */
export const WIDGET_TOKEN_PATTERN = '^ptw_[A-Za-z0-9_-]{43}$';

/**
 * A web origin as a browser sends it: scheme, host and optional port, no path, no trailing slash. https, or http
 * for loopback and local hosts (an adviser's test page).
 */
export const WidgetOrigin = Type.String({
  maxLength: 200,
  pattern:
    '^(https://[a-z0-9]([a-z0-9\\.-]*[a-z0-9])?(:[0-9]{1,5})?|http://(localhost|127\\.0\\.0\\.1|\\[::1\\]|[a-z0-9\\.-]+\\.localhost)(:[0-9]{1,5})?)$',
  description: 'https://host[:port] (http only for localhost and 127.0.0.1), lower case, no path',
});

/** active; revoked by the PRO (or replaced by a re-issue); expired on its date. */
export const WIDGET_TOKEN_STATES = ['active', 'revoked', 'expired'] as const;

const DateTime = Type.String({ format: 'date-time' });

export const WidgetToken = Type.Object({
  id: Id,
  label: Type.String(),
  clientId: Nullable(Id),
  familyId: Nullable(Id),
  widgets: Type.Array(WidgetKindSchema),
  origins: Type.Array(Type.String()),
  /** Last day of use (the token works through the end of that day, Europe/Rome). */
  expiresOn: IsoDate(),
  state: Type.Enum(WIDGET_TOKEN_STATES),
  /** The token's first and last characters, to tell tokens apart (ptw_AbCd…wxyz). */
  hint: Type.String(),
  uses: Type.Integer({ minimum: 0 }),
  lastUsedAt: Nullable(DateTime),
  createdAt: DateTime,
  revokedAt: Nullable(DateTime),
});
export type WidgetToken = Static<typeof WidgetToken>;

export const WidgetTokenList = Type.Object({ item: Type.Array(WidgetToken) });
export type WidgetTokenList = Static<typeof WidgetTokenList>;

export const WidgetTokenIssue = Type.Object(
  {
    label: Name(120),
    widgets: Type.Array(WidgetKindSchema, { minItems: 1, maxItems: 8, uniqueItems: true }),
    origins: Type.Array(WidgetOrigin, { minItems: 1, maxItems: WIDGET_TOKEN_MAX_ORIGINS, uniqueItems: true }),
    expiresOn: IsoDate({ description: `From today to ${WIDGET_TOKEN_MAX_DAYS} days ahead` }),
  },
  { additionalProperties: false },
);
export type WidgetTokenIssue = Static<typeof WidgetTokenIssue>;

/** The token in clear, shown this once, with its record. */
export const WidgetTokenIssued = Type.Object({ token: Type.String(), item: WidgetToken });
export type WidgetTokenIssued = Static<typeof WidgetTokenIssued>;

const TokenIdParams = Type.Object({ tokenId: Id });
const OwnerParams = Type.Object({ id: Id });

export const WidgetDataQuery = Type.Object(
  {
    dateFrom: Type.Optional(IsoDate({ description: 'performance-bars and trend-waterfall: default 1 January' })),
    dateTo: Type.Optional(IsoDate({ description: 'default today' })),
  },
  { additionalProperties: false },
);

const issueCodes =
  '400 a field (widgets, origins, expiresOn in the past or beyond the limit); 403 not a PRO; 404 not a client or ' +
  'family of the caller; 409 widget_tokens_limit (too many live tokens)';
const tokenCodes = '403 not a PRO; 404 not a token of the caller';

export const widgetRoutes = {
  listClientWidgetTokens: {
    method: 'GET',
    url: '/api/v1/clients/:id/widget-tokens',
    summary: "A client's widget tokens, newest first, with their state and uses. 403 not a PRO; 404 not its client.",
    tags: ['widgets'],
    auth: true,
    params: OwnerParams,
    response: { 200: WidgetTokenList, ...errors },
  },
  issueClientWidgetToken: {
    method: 'POST',
    url: '/api/v1/clients/:id/widget-tokens',
    summary: `Issues a read-only widget token for the client; the token is in the answer only. ${issueCodes}.`,
    tags: ['widgets'],
    auth: true,
    params: OwnerParams,
    body: WidgetTokenIssue,
    response: { 200: WidgetTokenIssued, ...errors, 409: errors[400] },
  },
  listFamilyWidgetTokens: {
    method: 'GET',
    url: '/api/v1/families/:id/widget-tokens',
    summary: "A family's widget tokens, newest first. 403 not a PRO; 404 not its family.",
    tags: ['widgets'],
    auth: true,
    params: OwnerParams,
    response: { 200: WidgetTokenList, ...errors },
  },
  issueFamilyWidgetToken: {
    method: 'POST',
    url: '/api/v1/families/:id/widget-tokens',
    summary: `Issues a read-only widget token for the family (its aggregate). ${issueCodes}.`,
    tags: ['widgets'],
    auth: true,
    params: OwnerParams,
    body: WidgetTokenIssue,
    response: { 200: WidgetTokenIssued, ...errors, 409: errors[400] },
  },
  revokeWidgetToken: {
    method: 'POST',
    url: '/api/v1/widget-tokens/:tokenId/revoke',
    summary: `Revokes a token at once (its next use is refused); revoking a revoked one changes nothing. ${tokenCodes}.`,
    tags: ['widgets'],
    auth: true,
    params: TokenIdParams,
    response: { 200: WidgetToken, ...errors },
  },
  reissueWidgetToken: {
    method: 'POST',
    url: '/api/v1/widget-tokens/:tokenId/reissue',
    summary:
      'Replaces a token with a new one of the same label, widgets and origins (expiry: the same length from today, at ' +
      `most the limit); the old one is revoked at once. An expired or revoked token may be re-issued. ${tokenCodes}; ` +
      '409 widget_tokens_limit (re-issuing a revoked or expired token when the owner already has the most live ones).',
    tags: ['widgets'],
    auth: true,
    params: TokenIdParams,
    response: { 200: WidgetTokenIssued, ...errors, 409: errors[400] },
  },
  widgetData: {
    method: 'GET',
    url: '/api/v1/widget-data/:widget',
    summary:
      "A widget's data for the owner of the widget token sent as `Authorization: Bearer ptw_…`. 401 " +
      'widget_token_invalid (missing, unknown, revoked or expired); 403 widget_not_allowed (not among its widgets) ' +
      'or origin_not_allowed (a browser Origin not in its list); 429 widget_rate_limited with Retry-After (too many ' +
      'calls with the token in a minute). CORS headers only for the token’s origins.',
    tags: ['widgets'],
    auth: false,
    params: Type.Object({ widget: WidgetKindSchema }),
    querystring: WidgetDataQuery,
    response: {
      // Listed (not Object.values(WIDGET_DATA), whose static type is no type): the answer is one of the eight shapes.
      200: Type.Union([
        WIDGET_DATA['portfolio-donut'],
        WIDGET_DATA['fee-table'],
        WIDGET_DATA['performance-bars'],
        WIDGET_DATA['trend-waterfall'],
        WIDGET_DATA['business-chart'],
        WIDGET_DATA['artlux-donut'],
        WIDGET_DATA['projection-band'],
        WIDGET_DATA['wealth-total'],
      ]),
      400: errors[400],
      401: errors[401],
      403: errors[403],
      429: errors[400],
    },
  },
} as const satisfies Record<string, RouteDef>;
