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

/** The float64 columns of the movements, in their order in the buffer. */
const F64 = ['id', 'accountId', 'offsetAccountId', 'instrumentId', 'quantity', 'price', 'amount'] as const;
/** The uint16 columns: indexes into the header's texts. */
const TEXTS = ['cause', 'subcause', 'currency'] as const;
/** The null flags, one bit per nullable field. */
const NULLABLE = ['offsetAccountId', 'subcause', 'instrumentId', 'quantity', 'price'] as const;

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
  const f64 = new Float64Array(F64.length * n);
  const days = new Int32Array(n);
  const u16 = new Uint16Array(TEXTS.length * n);
  const flags = new Uint8Array(n);
  let k = 0;
  for (const list of client.movementsByAccount.values()) {
    for (const m of list) {
      for (let c = 0; c < F64.length; c++) f64[c * n + k] = (m[F64[c]!] as number | null | undefined) ?? 0;
      days[k] = toDayNumber(m.date);
      for (let c = 0; c < TEXTS.length; c++) u16[c * n + k] = textOf((m[TEXTS[c]!] as string | null | undefined) ?? '');
      let f = 0;
      for (let b = 0; b < NULLABLE.length; b++) if (m[NULLABLE[b]!] == null) f |= 1 << b;
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
  const f64 = new Float64Array(bytes, at, F64.length * n);
  at += f64.byteLength;
  const days = new Int32Array(bytes, at, n);
  at += days.byteLength;
  const u16 = new Uint16Array(bytes, at, TEXTS.length * n);
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
