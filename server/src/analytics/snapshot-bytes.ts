// A client's snapshot as the engine's threads receive it (issue 21, "server memory"): a compact binary encoding in one
// SharedArrayBuffer instead of its JSON text. The movements, the bulk of it, are columns of typed arrays (dates as day
// numbers, amounts and ids as float64, texts as indexes into a table); the rest (name, accounts, portfolios) is a
// small JSON header. About a third of the JSON's bytes, and a thread decodes it without parsing text, so neither the
// main thread (which no longer keeps the JSON for the pool) nor the threads make the garbage of a parse.
//
// Exact: every number is stored as the float64 it is, null as a flag (not a sentinel value), dates by their day
// number (one-to-one with the ISO date), texts as themselves. The decoded data equals the encoded one (its test).
//
// Layout: [header length: uint32][header: UTF-8 JSON][padding to 8][float64 columns][int32 days][uint16 texts]
// [uint8 null flags]; the header names the accounts' movement counts, in the order their movements are stored.
import { fromDayNumber, type Movement, toDayNumber } from '@patrimonio/engine';
import type { ClientData } from './snapshots.ts';

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
  const head = Buffer.from(JSON.stringify(header));
  const start = pad8(4 + head.length);
  const bytes = new SharedArrayBuffer(start + f64.byteLength + days.byteLength + u16.byteLength + flags.byteLength);
  const out = new Uint8Array(bytes);
  new DataView(bytes).setUint32(0, head.length, true);
  out.set(head, 4);
  let at = start;
  for (const part of [f64, days, u16, flags]) {
    out.set(new Uint8Array(part.buffer, part.byteOffset, part.byteLength), at);
    at += part.byteLength;
  }
  return bytes;
}

/** The client's snapshot from its bytes (encodeClient's). */
export function decodeClient(bytes: SharedArrayBuffer): ClientData {
  const headLength = new DataView(bytes).getUint32(0, true);
  const header = JSON.parse(Buffer.from(bytes, 4, headLength).toString('utf8')) as Header;
  let n = 0;
  for (const [, count] of header.counts) n += count;
  let at = pad8(4 + headLength);
  const f64 = new Float64Array(bytes, at, F64 * n);
  at += f64.byteLength;
  const days = new Int32Array(bytes, at, n);
  at += days.byteLength;
  const u16 = new Uint16Array(bytes, at, TEXTS * n);
  at += u16.byteLength;
  const flags = new Uint8Array(bytes, at, n);
  // One string per day (a movement's date), as the JSON's parse gave one per movement.
  const dates = new Map<number, string>();
  const dateOf = (day: number) => {
    let d = dates.get(day);
    if (d === undefined) {
      d = fromDayNumber(day);
      dates.set(day, d);
    }
    return d;
  };
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
  return {
    version: header.version,
    clientId: header.clientId,
    name: header.name,
    accounts: new Map(header.accounts.map((a) => [a.id, a])),
    portfolios: header.portfolios,
    movementsByAccount,
  };
}
