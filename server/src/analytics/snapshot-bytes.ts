// The snapshots in their binary form (issue 21, "server memory"): how they are stored (analytics_snapshots.bytes,
// migration 026), held by every API process and handed to the engine's threads in one SharedArrayBuffer each. The bulk
// (a client's movements, the market's prices and FX rates) is columns of typed arrays: dates as day numbers, amounts
// and ids as float64, texts as indexes into a table; the rest (names, accounts, portfolios, instruments) is a small
// JSON header. About a third of the JSON's bytes; an API process keeps only these bytes and the header (snapshots.ts
// ClientHeld, MarketHeld), and a thread decodes them without parsing text, so neither makes the garbage of a parse.
//
// Exact: every number is stored as the float64 it is, null as a flag (not a sentinel value), dates by their day
// number (one-to-one with the ISO date), texts as themselves. The decoded data equals the encoded one (its test).
//
// Layout: [header length: uint32][header: UTF-8 JSON][padding to 8][the columns]; a client's columns are
// [float64 columns][int32 days][uint16 texts][uint8 null flags], in the order of the header's movement counts per
// account; the market's [float64 values][int32 days], the price series then the FX series in the header's order.
import {
  type FxSeries,
  fromDayNumber,
  type Instrument,
  type Movement,
  type PriceSeries,
  toDayNumber,
} from '@patrimonio/engine';
import type { ClientData, ClientHeader, ClientHeld, MarketData, MarketHeld } from './snapshots.ts';

// The columns, n values each: float64 id, accountId, offsetAccountId, instrumentId, quantity, price, amount; int32
// day; uint16 cause, subcause, currency (indexes into the header's texts); uint8 null flags: offsetAccountId 1,
// subcause 2, instrumentId 4, quantity 8, price 16 (a null field's column holds 0).
const F64 = 7;
const TEXTS = 3;

interface Header {
  version: number;
  clientId: number;
  name: string;
  accounts: Array<ClientData['accounts'] extends Map<number, infer A> ? A : never>;
  portfolios: ClientData['portfolios'];
  /** [account id, its movements' count], in the order the columns hold them. */
  counts: Array<[number, number]>;
  texts: string[];
}

const pad8 = (n: number) => Math.ceil(n / 8) * 8;

/** The bytes of a client's snapshot, in shared memory. */
export function encodeClient(client: ClientData): SharedArrayBuffer {
  const counts: Array<[number, number]> = [];
  let n = 0;
  for (const [accountId, list] of client.movementsByAccount) {
    counts.push([accountId, list.length]);
    n += list.length;
  }
  const texts: string[] = [];
  const textIndex = new Map<string, number>();
  const textOf = (s: string) => {
    let i = textIndex.get(s);
    if (i === undefined) {
      i = texts.length;
      if (i > 0xffff) throw new RangeError('too many distinct texts in a snapshot');
      texts.push(s);
      textIndex.set(s, i);
    }
    return i;
  };
  const f64 = new Float64Array(F64 * n);
  const days = new Int32Array(n);
  const u16 = new Uint16Array(TEXTS * n);
  const flags = new Uint8Array(n);
  let k = 0;
  // The fields one by one (not by name from a list: the loop runs for every movement).
  for (const list of client.movementsByAccount.values()) {
    for (const m of list) {
      let f = 0;
      f64[k] = m.id;
      f64[n + k] = m.accountId;
      if (m.offsetAccountId == null) f |= 1;
      else f64[2 * n + k] = m.offsetAccountId;
      if (m.instrumentId == null) f |= 4;
      else f64[3 * n + k] = m.instrumentId;
      if (m.quantity == null) f |= 8;
      else f64[4 * n + k] = m.quantity;
      if (m.price == null) f |= 16;
      else f64[5 * n + k] = m.price;
      f64[6 * n + k] = m.amount;
      days[k] = toDayNumber(m.date);
      u16[k] = textOf(m.cause);
      if (m.subcause == null) f |= 2;
      else u16[n + k] = textOf(m.subcause);
      u16[2 * n + k] = textOf(m.currency);
      flags[k] = f;
      k++;
    }
  }
  const { movementsByAccount: _m, accounts, ...rest } = client;
  const header: Header = { ...rest, accounts: [...accounts.values()], counts, texts };
  return withHeader(header, [f64, days, u16, flags]);
}

/** The header and the columns in one SharedArrayBuffer (the layout above). */
function withHeader(header: object, columns: ReadonlyArray<ArrayBufferView>): SharedArrayBuffer {
  const head = Buffer.from(JSON.stringify(header));
  const start = pad8(4 + head.length);
  let size = start;
  for (const part of columns) size += part.byteLength;
  const bytes = new SharedArrayBuffer(size);
  const out = new Uint8Array(bytes);
  new DataView(bytes).setUint32(0, head.length, true);
  out.set(head, 4);
  let at = start;
  for (const part of columns) {
    out.set(new Uint8Array(part.buffer, part.byteOffset, part.byteLength), at);
    at += part.byteLength;
  }
  return bytes;
}

/** The JSON header of encoded bytes, and where their columns start. */
function headerOf<T>(bytes: SharedArrayBuffer): { header: T; at: number } {
  const headLength = new DataView(bytes).getUint32(0, true);
  const header = JSON.parse(Buffer.from(bytes, 4, headLength).toString('utf8')) as T;
  return { header, at: pad8(4 + headLength) };
}

/** Day numbers to ISO dates, one string per day (many movements and points share a date). */
function datesOf(): (day: number) => string {
  const dates = new Map<number, string>();
  return (day) => {
    let d = dates.get(day);
    if (d === undefined) {
      d = fromDayNumber(day);
      dates.set(day, d);
    }
    return d;
  };
}

/** The client's fields but its movements, from the encoding's header. */
function clientHeader(header: Header): ClientHeader {
  return {
    version: header.version,
    clientId: header.clientId,
    name: header.name,
    accounts: new Map(header.accounts.map((a) => [a.id, a])),
    portfolios: header.portfolios,
  };
}

/** What an API process holds of a client (its header, without the movements) with the bytes. */
export function clientHeld(bytes: SharedArrayBuffer): ClientHeld {
  return { ...clientHeader(headerOf<Header>(bytes).header), bytes };
}

/**
 * Bytes in shared memory, as the engine's threads receive them: their own when they are the whole of a
 * SharedArrayBuffer (figures a thread made), else a copy (a database's bytea).
 */
export function inSharedMemory(bytes: Uint8Array): SharedArrayBuffer {
  const own = bytes.buffer;
  if (own instanceof SharedArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === own.byteLength) return own;
  const shared = new SharedArrayBuffer(bytes.byteLength);
  new Uint8Array(shared).set(bytes);
  return shared;
}

/** The client's snapshot from its bytes (encodeClient's). */
export function decodeClient(bytes: SharedArrayBuffer): ClientData {
  const { header, at: start } = headerOf<Header>(bytes);
  let n = 0;
  for (const [, count] of header.counts) n += count;
  let at = start;
  const f64 = new Float64Array(bytes, at, F64 * n);
  at += f64.byteLength;
  const days = new Int32Array(bytes, at, n);
  at += days.byteLength;
  const u16 = new Uint16Array(bytes, at, TEXTS * n);
  at += u16.byteLength;
  const flags = new Uint8Array(bytes, at, n);
  const dateOf = datesOf();
  const { texts } = header;
  const movementsByAccount = new Map<number, Movement[]>();
  let k = 0;
  for (const [accountId, count] of header.counts) {
    const list: Movement[] = new Array(count);
    for (let j = 0; j < count; j++, k++) {
      const f = flags[k]!;
      // The fields in loadClient's order (snapshots.ts), null where the flag says so.
      list[j] = {
        id: f64[k]!,
        accountId: f64[n + k]!,
        offsetAccountId: f & 1 ? null : f64[2 * n + k]!,
        date: dateOf(days[k]!),
        cause: texts[u16[k]!] as Movement['cause'],
        subcause: f & 2 ? null : (texts[u16[n + k]!] as Movement['subcause']),
        currency: texts[u16[2 * n + k]!]!,
        instrumentId: f & 4 ? null : f64[3 * n + k]!,
        quantity: f & 8 ? null : f64[4 * n + k]!,
        price: f & 16 ? null : f64[5 * n + k]!,
        amount: f64[6 * n + k]!,
      };
    }
    movementsByAccount.set(accountId, list);
  }
  return { ...clientHeader(header), movementsByAccount };
}

interface MarketHeader {
  version: number;
  instruments: Instrument[];
  /** [instrument id, its points' count] per price series, then [currency, its points' count] per FX series. */
  prices: Array<[number, number]>;
  fx: Array<[string, number]>;
}

/** The bytes of the market's snapshot, in shared memory. */
export function encodeMarket(market: MarketData): SharedArrayBuffer {
  const prices: Array<[number, number]> = [];
  const fx: Array<[string, number]> = [];
  let n = 0;
  for (const p of market.prices.values()) {
    prices.push([p.instrumentId, p.points.length]);
    n += p.points.length;
  }
  for (const f of market.fx) {
    fx.push([f.currency, f.points.length]);
    n += f.points.length;
  }
  const values = new Float64Array(n);
  const days = new Int32Array(n);
  let k = 0;
  for (const p of market.prices.values()) {
    for (const point of p.points) {
      values[k] = point.price;
      days[k++] = toDayNumber(point.date);
    }
  }
  for (const f of market.fx) {
    for (const point of f.points) {
      values[k] = point.rate;
      days[k++] = toDayNumber(point.date);
    }
  }
  const header: MarketHeader = { version: market.version, instruments: [...market.instruments.values()], prices, fx };
  return withHeader(header, [values, days]);
}

/** The market's snapshot from its bytes (encodeMarket's). */
export function decodeMarket(bytes: SharedArrayBuffer): MarketData {
  const { header, at } = headerOf<MarketHeader>(bytes);
  let n = 0;
  for (const [, count] of header.prices) n += count;
  for (const [, count] of header.fx) n += count;
  const values = new Float64Array(bytes, at, n);
  const days = new Int32Array(bytes, at + values.byteLength, n);
  const dateOf = datesOf();
  let k = 0;
  const prices = new Map<number, PriceSeries>();
  for (const [instrumentId, count] of header.prices) {
    const points: Array<{ date: string; price: number }> = new Array(count);
    for (let j = 0; j < count; j++, k++) points[j] = { date: dateOf(days[k]!), price: values[k]! };
    prices.set(instrumentId, { instrumentId, points });
  }
  const fx: FxSeries[] = [];
  for (const [currency, count] of header.fx) {
    const points: Array<{ date: string; rate: number }> = new Array(count);
    for (let j = 0; j < count; j++, k++) points[j] = { date: dateOf(days[k]!), rate: values[k]! };
    fx.push({ currency, points });
  }
  return { version: header.version, instruments: new Map(header.instruments.map((i) => [i.id, i])), prices, fx };
}

/** Held snapshots decoded, as a thread decodes them: to compute in this thread (the tests, the bench). */
export function decodeHeld(data: { market: MarketHeld; clients: ReadonlyArray<ClientHeld> }): {
  market: MarketData;
  clients: Map<number, ClientData>;
} {
  return {
    market: decodeMarket(data.market.bytes),
    clients: new Map(data.clients.map((c) => [c.clientId, decodeClient(c.bytes)])),
  };
}
