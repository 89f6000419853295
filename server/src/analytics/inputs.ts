// The engine input of an analytics call, built from the loaded snapshots (snapshots.ts): pure functions, so the
// same code builds it in the engine's worker threads (engine-worker.ts) and in-process (the store's tests, the bench).
import {
  type Account,
  familyAggregate,
  type Instrument,
  type Movement,
  type PortfolioInput,
  type PriceSeries,
} from '@patrimonio/engine';
import type { ClientData, ClientHeader, MarketData } from './snapshots.ts';

/**
 * What an analytics call computes on, as plain data (it travels to a worker thread): one portfolio, a client's
 * aggregate, or a family's aggregate (its members with their weights); testing accounts only for those who see them.
 */
export type InputSpec =
  | { kind: 'portfolio'; clientId: number; portfolioId: number; withTesting: boolean }
  | { kind: 'client'; clientId: number; withTesting: boolean }
  | { kind: 'family'; members: Array<{ clientId: number; weight: number }>; withTesting: boolean }
  /** Every account of one client, testing ones and those in no portfolio included: the controls check each whole. */
  | { kind: 'accounts'; clientId: number };

/**
 * The engine input for a set of accounts of loaded clients: their movements (in date order), the instruments those
 * movements name with their prices, and every FX series. A trade's cash side on an account outside the set is left
 * out with that account (its portfolio sees it).
 */
export function inputFor(
  market: MarketData,
  parts: ReadonlyArray<{ client: ClientData; accountIds: ReadonlyArray<number> }>,
): PortfolioInput {
  const accounts: Account[] = [];
  const movements: Movement[] = [];
  const instrumentIds = new Set<number>();
  for (const { client, accountIds } of parts) {
    for (const id of accountIds) {
      const a = client.accounts.get(id);
      if (!a) continue;
      const { testing: _testing, ...account } = a;
      accounts.push(account);
      for (const m of client.movementsByAccount.get(id) ?? []) {
        movements.push(m);
        if (m.instrumentId != null) instrumentIds.add(m.instrumentId);
      }
    }
  }
  // One account set may mix clients (families): keep one date order across them (stable for equal dates).
  movements.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const instruments: Instrument[] = [];
  const prices: PriceSeries[] = [];
  for (const id of instrumentIds) {
    const i = market.instruments.get(id);
    if (!i) continue;
    instruments.push(i);
    const p = market.prices.get(id);
    if (p) prices.push(p);
  }
  return { accounts, instruments, movements, prices, fx: market.fx };
}

/** A client's aggregate: the accounts of its non-testing portfolios (testing accounts only for those who see them). */
function clientAccounts(client: ClientHeader, withTesting: boolean): number[] {
  const ids = new Set<number>();
  for (const p of client.portfolios) {
    if (p.testing) continue;
    for (const id of p.accountIds) if (withTesting || !client.accounts.get(id)?.testing) ids.add(id);
  }
  return [...ids];
}

/** A portfolio's accounts (testing accounts only for those who see them). */
function portfolioAccounts(client: ClientHeader, portfolioId: number, withTesting: boolean): number[] {
  const accountIds = client.portfolios.find((x) => x.id === portfolioId)?.accountIds ?? [];
  return accountIds.filter((a) => withTesting || !client.accounts.get(a)?.testing);
}

/** The clients whose data a spec reads. */
export const specClientIds = (spec: InputSpec): number[] =>
  spec.kind === 'family' ? spec.members.map((m) => m.clientId) : [spec.clientId];

/** The engine input of a spec from loaded data. */
export function specInput(
  spec: InputSpec,
  market: MarketData,
  clients: ReadonlyMap<number, ClientData>,
): PortfolioInput {
  const client = (id: number) => clients.get(id)!;
  switch (spec.kind) {
    case 'portfolio': {
      const c = client(spec.clientId);
      return inputFor(market, [{ client: c, accountIds: portfolioAccounts(c, spec.portfolioId, spec.withTesting) }]);
    }
    case 'client': {
      const c = client(spec.clientId);
      return inputFor(market, [{ client: c, accountIds: clientAccounts(c, spec.withTesting) }]);
    }
    case 'accounts': {
      const c = client(spec.clientId);
      return inputFor(market, [{ client: c, accountIds: [...c.accounts.keys()] }]);
    }
    case 'family':
      return familyAggregate(
        spec.members.map((m) => {
          const c = client(m.clientId);
          return {
            weight: m.weight,
            input: inputFor(market, [{ client: c, accountIds: clientAccounts(c, spec.withTesting) }]),
          };
        }),
      );
  }
}

/**
 * The ids of the accounts a spec's input holds, in the input's order, without building it (no movement is touched):
 * the main thread reads their current names with them.
 */
export function specAccountIds(spec: InputSpec, clients: ReadonlyMap<number, ClientHeader>): number[] {
  const held = (c: ClientHeader, ids: number[]) => ids.filter((id) => c.accounts.has(id));
  switch (spec.kind) {
    case 'portfolio': {
      const c = clients.get(spec.clientId)!;
      return held(c, portfolioAccounts(c, spec.portfolioId, spec.withTesting));
    }
    case 'client': {
      const c = clients.get(spec.clientId)!;
      return held(c, clientAccounts(c, spec.withTesting));
    }
    case 'accounts':
      return [...clients.get(spec.clientId)!.accounts.keys()];
    case 'family': {
      // familyAggregate keeps the first of each account id, members in order.
      const seen = new Set<number>();
      for (const m of spec.members) {
        const c = clients.get(m.clientId)!;
        for (const id of held(c, clientAccounts(c, spec.withTesting))) seen.add(id);
      }
      return [...seen];
    }
  }
}

/** The current owner and intermediary names of accounts, by account id (see scope.ts withCurrentNames). */
export type AccountNames = ReadonlyArray<readonly [accountId: number, owner: string, intermediary: string]>;

/** The input with the names of its accounts replaced by the current ones. */
export function withNames(input: PortfolioInput, names: AccountNames): PortfolioInput {
  if (!input.accounts.length) return input;
  const byId = new Map(names.map(([id, owner, intermediary]) => [id, { owner, intermediary }]));
  return {
    ...input,
    accounts: input.accounts.map((a) => {
      const n = byId.get(a.id);
      return n ? { ...a, ownerName: n.owner, intermediaryName: n.intermediary } : a;
    }),
  };
}
