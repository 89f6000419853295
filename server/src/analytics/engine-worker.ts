// A worker thread of the engine pool (pool.ts): builds a call's engine input from its own copies of the snapshots and
// runs the call's operation (operations.ts), off the API's event loop.
//
// Copies: each task names the snapshots it needs (the market and its clients) by id and version, with their bytes in
// shared memory (their binary encoding, snapshot-bytes.ts). A thread decodes a
// snapshot the first time it meets that version and keeps it, so a task copies only its small arguments and its
// answer between threads.
//
// Inputs: a thread keeps the inputs it built (inputOf), so the calls of one screen share one input and its valuation
// series (valuations.ts) instead of gathering the movements and valuing every day again per call. A task may bring
// its scope's stored figures: an input's first series is made from them (valuations.ts offerFigures).
import type { PortfolioInput } from '@patrimonio/engine';
import { HttpError } from '../plugins/errors.ts';
import { decodeFigures } from './figures.ts';
import { specInput, withNames } from './inputs.ts';
import { operations } from './operations.ts';
import type { EngineAnswer, EngineTask } from './pool.ts';
import { decodeClient, decodeMarket } from './snapshot-bytes.ts';
import { type ClientData, MARKET, type MarketData } from './snapshots.ts';
import { offerFigures } from './valuations.ts';

/** The most snapshots a thread keeps; the least recently used go first. */
const KEPT = 500;
const kept = new Map<number, { version: number; data: MarketData | ClientData }>();

function snapshotOf(ref: EngineTask['data'][number]): MarketData | ClientData {
  const held = kept.get(ref.id);
  kept.delete(ref.id);
  if (held?.version === ref.version) {
    kept.set(ref.id, held);
    return held.data;
  }
  const data = ref.id === MARKET ? decodeMarket(ref.bytes) : decodeClient(ref.bytes);
  kept.set(ref.id, { version: ref.version, data });
  while (kept.size > KEPT) kept.delete(kept.keys().next().value as number);
  return data;
}

/**
 * The engine inputs built, by spec, data versions and names (the most recent INPUTS_KEPT): the calls of one screen,
 * and repeats on the same data, compute on one input and so share its valuations (valuations.ts). An input of a new
 * data version replaces the one of the same spec (it would hold the old snapshots' movements for nothing).
 */
const INPUTS_KEPT = 4;
const inputs = new Map<string, { spec: string; input: PortfolioInput }>();

function inputOf(task: EngineTask): PortfolioInput {
  if (!task.keep) return build(task);
  const spec = JSON.stringify(task.spec);
  const key = JSON.stringify([spec, task.data.map((r) => [r.id, r.version]), task.names]);
  const kept = inputs.get(key);
  inputs.delete(key);
  if (kept) {
    inputs.set(key, kept);
    return kept.input;
  }
  const input = build(task);
  for (const [k, v] of inputs) if (v.spec === spec) inputs.delete(k);
  inputs.set(key, { spec, input });
  while (inputs.size > INPUTS_KEPT) inputs.delete(inputs.keys().next().value as string);
  return input;
}

function build(task: EngineTask): PortfolioInput {
  let market: MarketData | undefined;
  const clients = new Map<number, ClientData>();
  for (const ref of task.data) {
    const data = snapshotOf(ref);
    if (ref.id === MARKET) market = data as MarketData;
    else clients.set(ref.id, data as ClientData);
  }
  if (!market) throw new Error('engine task without the market snapshot');
  return withNames(specInput(task.spec, market, clients), task.names);
}

export default function run(task: EngineTask): EngineAnswer {
  const input = inputOf(task);
  const stored = task.figures;
  if (stored) offerFigures(input, () => decodeFigures(stored.bytes), stored.changedFrom);
  const operation = operations[task.op] as (input: unknown, args: unknown) => object;
  try {
    return { value: operation(input, task.args) };
  } catch (err) {
    // A 4xx of the call's own checks (a period too long, too many quarters) goes back as data: Error subclasses do
    // not survive the copy between threads.
    if (err instanceof HttpError && err.statusCode < 500)
      return {
        error: {
          statusCode: err.statusCode,
          message: err.message,
          code: err.code,
          fields: err.fields,
          params: err.params,
        },
      };
    throw err;
  }
}
