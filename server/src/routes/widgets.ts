// Widget tokens and the widget data API (issue 20; docs/widgets.md, "Security model"). A PRO issues, lists, revokes
// and re-issues read-only tokens for its own clients and families (access/widgets.ts); the token is `ptw_` and 32
// random bytes in base64url, shown once, stored as its SHA-256. GET /api/v1/widget-data/:widget authenticates the token
// itself (the contract marks it auth: false): unknown, revoked or expired -> 401 widget_token_invalid; a widget not in
// its list -> 403 widget_not_allowed; a browser Origin not in its list -> 403 origin_not_allowed without any CORS
// header. A call without Origin (a server, or the portal's same-origin preview) is served: the origin list is what
// browsers enforce, the token itself is a read-only bearer secret. The data are computed as the issuing PRO sees them
// (widget-data.ts), every accepted use counted.
import { createHash, randomBytes } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import { addDays } from '@patrimonio/engine';
import {
  routes,
  WIDGET_TOKEN_MAX_DAYS,
  WIDGET_TOKEN_MAX_LIVE,
  WIDGET_TOKEN_PREFIX,
  type WidgetKind,
  type WidgetTokenIssued,
} from '@patrimonio/shared-api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { audit } from '../access/audit.ts';
import {
  assertTokenOwnerVisible,
  WIDGET_TOKEN_MANAGERS,
  widgetTokenIssuer,
  widgetTokenReader,
} from '../access/widgets.ts';
import { postgresRateLimitStore } from '../data/rate-limit-store.ts';
import {
  countLiveWidgetTokens,
  countWidgetTokenUse,
  findWidgetToken,
  findWidgetTokenByHash,
  insertWidgetToken,
  listWidgetTokens,
  lockOwner,
  originListedByToken,
  publicToken,
  revokeWidgetToken,
  type WidgetTokenOwner,
  type WidgetTokenRecord,
} from '../data/widget-tokens.ts';
import type { Queryable } from '../db/database.ts';
import type { AuthUser } from '../identity/types.ts';
import { caller } from '../plugins/auth.ts';
import { badRequest, HttpError, notFound } from '../plugins/errors.ts';
import { route } from '../plugins/route.ts';
import { widgetDataComputer } from './widget-data.ts';

const roles = { roles: WIDGET_TOKEN_MANAGERS };

/** How long a browser may keep a preflight's answer, in seconds. */
const PREFLIGHT_MAX_AGE = 600;

/** Accepted calls per token a minute: a page of eight widgets loaded by many visitors at once still fits. */
export const WIDGET_TOKEN_RATE = { max: 600, timeWindow: 60_000 } as const;

/** Today in Europe/Rome (YYYY-MM-DD), the day of a token's expiry. */
export const romeToday = (now = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(now)
    .slice(0, 10);

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** A new token in clear, its hash and its hint (first 8 and last 4 characters). */
function newToken(): { token: string; hashHex: string; hint: string } {
  const token = `${WIDGET_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, hashHex: sha256Hex(token), hint: `${token.slice(0, 8)}…${token.slice(-4)}` };
}

const invalidToken = () => new HttpError(401, 'Invalid, revoked or expired widget token', 'widget_token_invalid');

/** The widget token of a request's Authorization header, or null. */
function bearerWidgetToken(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(ptw_[A-Za-z0-9_-]{43})\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/** The answer may be read by the page at this origin (never with credentials). */
function allowOrigin(reply: FastifyReply, origin: string): void {
  reply.header('access-control-allow-origin', origin);
  // Helmet's same-origin resource policy would not stop a CORS read, but say what is meant.
  reply.header('cross-origin-resource-policy', 'cross-origin');
}

export async function widgetRoutes(app: FastifyInstance): Promise<void> {
  // Per-token limits with the issuer's store (every process counts alike); registered here when no embedded issuer
  // registered the plugin.
  if (!app.hasDecorator('createRateLimit'))
    await app.register(rateLimit, { global: false, store: postgresRateLimitStore(app.db) });
  const widgetData = widgetDataComputer(app);
  const tokenOf = new WeakMap<FastifyRequest, number>();
  const tokenLimit = app.createRateLimit({
    ...WIDGET_TOKEN_RATE,
    keyGenerator: (request) => `widget-token ${tokenOf.get(request) ?? 0}`,
  });

  // Origins come lower case (browsers send them so): normalise what the PRO typed before the schema checks it.
  app.addHook('preValidation', async (request) => {
    const body = request.body as { origins?: unknown } | undefined;
    if (request.method === 'POST' && /\/widget-tokens$/.test(request.url.split('?')[0] ?? '') && body) {
      if (Array.isArray(body.origins))
        body.origins = body.origins.map((o) => (typeof o === 'string' ? o.trim().toLowerCase() : o));
    }
  });

  /** The expiry day must be from today to WIDGET_TOKEN_MAX_DAYS ahead (Europe/Rome). */
  function checkExpiry(expiresOn: string): void {
    const today = romeToday();
    const last = addDays(today, WIDGET_TOKEN_MAX_DAYS);
    if (expiresOn < today || expiresOn > last)
      throw badRequest([{ field: 'body.expiresOn', message: `must be from ${today} to ${last}` }]);
  }

  /** 409 when the owner already has WIDGET_TOKEN_MAX_LIVE live tokens (the owner's row locked meanwhile). */
  async function checkLimit(tx: Queryable, owner: WidgetTokenOwner): Promise<void> {
    await lockOwner(tx, owner);
    if ((await countLiveWidgetTokens(tx, owner)) >= WIDGET_TOKEN_MAX_LIVE)
      throw new HttpError(
        409,
        `At most ${WIDGET_TOKEN_MAX_LIVE} live widget tokens per client or family: revoke one first`,
        'widget_tokens_limit',
        undefined,
        { max: WIDGET_TOKEN_MAX_LIVE },
      );
  }

  /** Writes a new token and answers it with its record (in clear this once). */
  async function insertNew(
    tx: Queryable,
    issuerId: number,
    owner: WidgetTokenOwner,
    settings: { label: string; widgets: readonly string[]; origins: readonly string[]; expiresOn: string },
  ): Promise<{ token: string; record: WidgetTokenRecord }> {
    const { token, hashHex, hint } = newToken();
    const id = await insertWidgetToken(tx, { issuerId, owner, ...settings, hashHex, hint });
    const record = await findWidgetToken(tx, issuerId, id);
    if (!record) throw new Error('the new widget token is not found');
    return { token, record };
  }

  async function issueFor(
    actor: AuthUser,
    owner: WidgetTokenOwner,
    body: { label: string; widgets: WidgetKind[]; origins: string[]; expiresOn: string },
  ): Promise<WidgetTokenIssued> {
    const issuerId = widgetTokenIssuer(actor);
    await assertTokenOwnerVisible(app.db, actor, owner);
    checkExpiry(body.expiresOn);
    return app.db.transaction(async (tx) => {
      await checkLimit(tx, owner);
      const { token, record } = await insertNew(tx, issuerId, owner, {
        label: body.label.trim(),
        widgets: body.widgets,
        origins: body.origins,
        expiresOn: body.expiresOn,
      });
      const item = publicToken(record);
      await audit(tx, actor, 'issue_widget_token', 'widget_token', record.id, null, item);
      return { token, item };
    });
  }

  async function listFor(actor: AuthUser, owner: WidgetTokenOwner) {
    const issuerId = widgetTokenIssuer(actor);
    await assertTokenOwnerVisible(app.db, actor, owner);
    return { item: (await listWidgetTokens(app.db, issuerId, owner)).map(publicToken) };
  }

  const client = (id: number): WidgetTokenOwner => ({ clientId: id, familyId: null });
  const family = (id: number): WidgetTokenOwner => ({ clientId: null, familyId: id });

  route(
    app,
    routes.listClientWidgetTokens,
    async (request) => listFor(caller(request), client(request.params.id)),
    roles,
  );
  route(
    app,
    routes.listFamilyWidgetTokens,
    async (request) => listFor(caller(request), family(request.params.id)),
    roles,
  );
  route(
    app,
    routes.issueClientWidgetToken,
    async (request) => issueFor(caller(request), client(request.params.id), request.body),
    roles,
  );
  route(
    app,
    routes.issueFamilyWidgetToken,
    async (request) => issueFor(caller(request), family(request.params.id), request.body),
    roles,
  );

  route(
    app,
    routes.revokeWidgetToken,
    async (request) => {
      const actor = caller(request);
      const issuerId = widgetTokenIssuer(actor);
      const id = request.params.tokenId;
      return app.db.transaction(async (tx) => {
        const before = await findWidgetToken(tx, issuerId, id, true);
        if (!before) throw notFound();
        // Revoking a revoked token changes nothing (and writes no audit record).
        if (before.revokedAt !== null) return publicToken(before);
        await revokeWidgetToken(tx, id);
        const after = publicToken((await findWidgetToken(tx, issuerId, id))!);
        await audit(tx, actor, 'revoke_widget_token', 'widget_token', id, publicToken(before), after);
        return after;
      });
    },
    roles,
  );

  route(
    app,
    routes.reissueWidgetToken,
    async (request) => {
      const actor = caller(request);
      const issuerId = widgetTokenIssuer(actor);
      const id = request.params.tokenId;
      return app.db.transaction(async (tx) => {
        const old = await findWidgetToken(tx, issuerId, id, true);
        if (!old) throw notFound();
        const owner: WidgetTokenOwner = old.clientId !== null ? client(old.clientId) : family(old.familyId as number);
        // The PRO must still own the client or family (else it is not found, as for an issue).
        await assertTokenOwnerVisible(tx, actor, owner);
        await revokeWidgetToken(tx, id);
        await checkLimit(tx, owner);
        const today = romeToday();
        const length = Math.min(Math.max(old.daysLong, 0), WIDGET_TOKEN_MAX_DAYS);
        const { token, record } = await insertNew(tx, issuerId, owner, {
          label: old.label,
          widgets: old.widgets,
          origins: old.origins,
          expiresOn: addDays(today, length),
        });
        await revokeWidgetToken(tx, id, record.id);
        const revoked = publicToken((await findWidgetToken(tx, issuerId, id))!);
        const item = publicToken(record);
        await audit(tx, actor, 'reissue_widget_token', 'widget_token', id, publicToken(old), {
          ...revoked,
          replacedBy: record.id,
        });
        await audit(tx, actor, 'issue_widget_token', 'widget_token', record.id, null, { ...item, replaces: id });
        return { token, item };
      });
    },
    roles,
  );

  // The preflight of a browser's call (its Authorization header makes one): allowed only for an origin some token lists
  // (a revoked or expired one too, so that its refusal is readable), otherwise answered without any CORS header (the
  // browser then sends nothing).
  app.route({
    method: 'OPTIONS',
    url: routes.widgetData.url,
    schema: { hide: true },
    handler: async (request, reply) => {
      const origin = request.headers.origin;
      if (origin && (await originListedByToken(app.db, origin))) {
        allowOrigin(reply, origin);
        reply.header('access-control-allow-methods', 'GET');
        reply.header('access-control-allow-headers', 'Authorization');
        reply.header('access-control-max-age', String(PREFLIGHT_MAX_AGE));
      }
      reply.header('vary', 'Origin');
      return reply.code(204).send();
    },
  });

  route(app, routes.widgetData, async (request, reply) => {
    reply.header('vary', 'Origin');
    reply.header('cache-control', 'no-store');
    const secret = bearerWidgetToken(request);
    if (!secret) throw invalidToken();
    const token = await findWidgetTokenByHash(app.db, sha256Hex(secret));
    const origin = request.headers.origin;
    // A token's own sites may read its refusal too (revoked, expired): the widget then says why it shows nothing.
    if (token && origin !== undefined && token.origins.includes(origin)) allowOrigin(reply, origin);
    if (token?.state !== 'active') throw invalidToken();
    if (origin !== undefined && !token.origins.includes(origin))
      throw new HttpError(403, 'This web origin may not use the widget token', 'origin_not_allowed');
    const reader = await widgetTokenReader(app.db, token);
    if (!reader) throw invalidToken();
    const widget = request.params.widget;
    if (!token.widgets.includes(widget))
      throw new HttpError(403, 'The widget token does not include this widget', 'widget_not_allowed');
    tokenOf.set(request, token.id);
    const limit = await tokenLimit(request);
    if (!limit.isAllowed && limit.isExceeded) {
      const wait = String(Math.max(1, limit.ttlInSeconds));
      throw new HttpError(429, 'Too many calls with this widget token', 'widget_rate_limited', undefined, undefined, {
        'retry-after': wait,
      });
    }
    await countWidgetTokenUse(app.db, token.id);
    // The shared analytics and share code read the caller from request.user: the issuing PRO.
    request.user = reader;
    const owner: WidgetTokenOwner = token.clientId !== null ? client(token.clientId) : family(token.familyId as number);
    return widgetData(request, widget, owner, request.query);
  });
}
