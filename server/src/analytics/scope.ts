// What an analytics call is about: one portfolio, a client's aggregate or a family's aggregate, resolved from the
// path (`aggregate` or a portfolio id) and the clientId / familyId query, with the access rules of DESIGN.md 3:
// another tenant's ids answer 404, testing portfolios and accounts only for ADMIN, BACK_OFFICE or impersonation.
import type { PortfolioInput } from '@patrimonio/engine';
import type { PortfolioData } from '@patrimonio/shared-api';
import type { Static } from 'typebox';
import { assertVisibleFamily, targetClientId } from '../access/clients.ts';
import { seesTesting, visiblePortfolios } from '../access/financial-visibility.ts';
import { AGGREGATE_NAME } from '../data/financial/portfolios.ts';
import { clientDisplayNameSql } from '../db/client-name.ts';
import type { Queryable } from '../db/database.ts';
import type { AuthUser } from '../identity/types.ts';
import { badRequest, notFound } from '../plugins/errors.ts';
import { type AccountNames, type InputSpec, specAccountIds, specClientIds, specInput } from './inputs.ts';
import type { AnalyticsStore, ClientData, ClientHeld, MarketData, MarketHeld } from './store.ts';

export interface Scope {
  kind: 'portfolio' | 'client' | 'family';
  portfolioData: Static<typeof PortfolioData>;
  /** The clients whose data the scope reads. */
  clientIds: number[];
  /** Its engine input as plain data (what a worker thread builds it from, inputs.ts). */
  spec: InputSpec;
  /** The engine input from loaded data, in this thread. */
  input(market: MarketData, clients: ReadonlyMap<number, ClientData>): PortfolioInput;
}

/** A scope of the spec: the clients it reads and its input, from the spec. */
const ofSpec = (spec: InputSpec) => ({
  spec,
  clientIds: specClientIds(spec),
  input: (market: MarketData, clients: ReadonlyMap<number, ClientData>) => specInput(spec, market, clients),
});

export interface OwnerQuery {
  clientId?: number;
  familyId?: number;
}

export async function resolveScope(db: Queryable, user: AuthUser, ptf: string, query: OwnerQuery): Promise<Scope> {
  if (query.clientId !== undefined && query.familyId !== undefined)
    throw badRequest([{ field: 'querystring.familyId', message: 'give clientId or familyId, not both' }]);
  const withTesting = seesTesting(user);

  if (ptf !== 'aggregate') {
    const visible = visiblePortfolios(user, 2);
    const { rows } = await db.query<{ id: string; name: string; client_id: string; owner: string }>(
      `select p.id, p.name, p.client_id, ${clientDisplayNameSql('c')} as owner
         from portfolios p join clients c on c.id = p.client_id
        where p.id = $1 and ${visible.sql}`,
      [ptf, ...visible.params],
    );
    const p = rows[0];
    if (!p) throw notFound();
    const clientId = Number(p.client_id);
    if (query.clientId !== undefined && query.clientId !== clientId) throw notFound();
    if (query.familyId !== undefined) {
      await assertVisibleFamily(db, user, query.familyId);
      const member = await db.query('select 1 from family_members where family_id = $1 and client_id = $2', [
        query.familyId,
        clientId,
      ]);
      if (!member.rows[0]) throw notFound();
    }
    const id = Number(p.id);
    return {
      kind: 'portfolio',
      portfolioData: {
        id,
        name: p.name,
        aggregate: false,
        owner: p.owner,
        ownerId: clientId,
        familyId: query.familyId ?? null,
      },
      ...ofSpec({ kind: 'portfolio', clientId, portfolioId: id, withTesting }),
    };
  }

  if (query.familyId !== undefined) {
    const familyId = query.familyId;
    await assertVisibleFamily(db, user, familyId);
    const { rows } = await db.query<{ name: string; client_id: string | null; weight: string | null }>(
      `select f.name, m.client_id, m.weight::text as weight
         from families f left join family_members m on m.family_id = f.id
        where f.id = $1 order by m.client_id`,
      [familyId],
    );
    const members = rows
      .filter((r) => r.client_id !== null)
      .map((r) => ({ clientId: Number(r.client_id), weight: Number(r.weight ?? 1) }));
    return {
      kind: 'family',
      portfolioData: {
        id: null,
        name: AGGREGATE_NAME,
        aggregate: true,
        owner: rows[0]?.name ?? '',
        ownerId: null,
        familyId,
      },
      ...ofSpec({ kind: 'family', members, withTesting }),
    };
  }

  // A BASIC user's own client by default; anyone else names one.
  const clientId = await targetClientId(db, user, query.clientId);
  const { rows } = await db.query<{ name: string }>(
    `select ${clientDisplayNameSql('c')} as name from clients c where c.id = $1`,
    [clientId],
  );
  return {
    kind: 'client',
    portfolioData: {
      id: null,
      name: AGGREGATE_NAME,
      aggregate: true,
      owner: rows[0]?.name ?? '',
      ownerId: clientId,
      familyId: null,
    },
    ...ofSpec({ kind: 'client', clientId, withTesting }),
  };
}

/**
 * The current owner and intermediary names of accounts. Renaming a client or an intermediary changes no figure and
 * bumps no analytics version (migration 008 watches the figures' tables), so the store's copies of those names may be
 * old; the answer shows today's, like portfolioData.owner.
 */
async function currentNames(db: Queryable, accountIds: ReadonlyArray<number>): Promise<AccountNames> {
  if (!accountIds.length) return [];
  const { rows } = await db.query<{ id: string; owner: string; intermediary: string }>(
    `select a.id, ${clientDisplayNameSql('c')} as owner, fi.name as intermediary
       from accounts a join clients c on c.id = a.client_id
       join financial_intermediaries fi on fi.id = a.financial_intermediary_id
      where a.id = any($1::bigint[])`,
    [accountIds],
  );
  const byId = new Map(rows.map((r) => [Number(r.id), [Number(r.id), r.owner, r.intermediary] as const]));
  // In the input's order (the fingerprint below depends on it).
  return accountIds.flatMap((id) => {
    const n = byId.get(id);
    return n ? [n] : [];
  });
}

/**
 * What a call computes from: the store's snapshots of the scope's clients (and the market), the current names of the
 * scope's accounts, whether figures are being recomputed, and the fingerprint of the data state (null while a reload
 * is under way) that keys the answer cache. The engine input itself is built where the computation runs (pool.ts).
 */
export async function loadScope(
  db: Queryable,
  store: AnalyticsStore,
  scope: Scope,
): Promise<{
  data: { market: MarketHeld; clients: ClientHeld[] };
  names: AccountNames;
  recalculationInProgress: boolean;
  fingerprint: string | null;
}> {
  const snap = await store.snapshot(scope.clientIds);
  const clients = new Map(snap.data.clients.map((c) => [c.clientId, c]));
  const accountIds = specAccountIds(scope.spec, clients);
  const names = await currentNames(db, accountIds);
  // What the figures depend on: the data versions and the names shown. None while a reload is under way.
  const fingerprint = snap.stale
    ? null
    : JSON.stringify([[...snap.versions].sort((a, b) => a[0] - b[0]), accountIds, names]);
  return { data: snap.data, names, recalculationInProgress: snap.stale, fingerprint };
}
