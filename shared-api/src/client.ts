// The typed API client: types come from the route schemas, never declared by hand.
import type { Static, TSchema } from 'typebox';
import { STORED_ROWS_HEADER } from './contract/upload-limits.ts';
import { type RouteLine, routeTable } from './route-table.ts';
import type { RouteName, Routes } from './routes.ts';

type StaticOr<T, Fallback> = T extends TSchema ? Static<T> : Fallback;
export type ResponseOf<N extends RouteName> = Static<Routes[N]['response'][200]>;
export type RequestOf<N extends RouteName> = (Routes[N] extends { params: TSchema }
  ? { params: StaticOr<Routes[N]['params'], never> }
  : { params?: undefined }) &
  (Routes[N] extends { querystring: TSchema }
    ? { query: StaticOr<Routes[N]['querystring'], never> }
    : { query?: undefined }) &
  (Routes[N] extends { body: TSchema } ? { body: StaticOr<Routes[N]['body'], never> } : { body?: undefined });

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    /** The answer's Retry-After in seconds (a 503 of a busy server), null without one. */
    readonly retryAfter: number | null = null,
  ) {
    super(`API ${status}`);
  }
}

/** A 503 GET is asked again this many times at most, each after the answer's Retry-After... */
export const BUSY_RETRIES = 3;
/** ... of at most this many seconds. */
export const MAX_RETRY_AFTER_S = 30;

/** Retry-After in seconds: a number of seconds or an HTTP date (RFC 9110 10.2.3); null when absent or unreadable. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** Waits `ms`, or rejects with the signal's reason when it aborts first. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export interface ApiClientOptions {
  baseUrl?: string;
  /**
   * The base of the routes the contract marks `adminHost` (spec: admin calls go to a separate base host); empty or
   * undefined: `baseUrl`, the same server.
   */
  adminBaseUrl?: () => string | undefined;
  getAccessToken: () => string | null | undefined;
  fetch?: typeof fetch;
  /** Aborts every call of this client (the report's cancel link). */
  signal?: AbortSignal;
}

/** Empty strings become null and Dates become zone-less date-times (spec section 5). */
export function normaliseBody(value: unknown): unknown {
  if (value === '') return null;
  if (value instanceof Date) {
    const p = (n: number) => String(n).padStart(2, '0');
    return `${value.getFullYear()}-${p(value.getMonth() + 1)}-${p(value.getDate())}T${p(value.getHours())}:${p(value.getMinutes())}:${p(value.getSeconds())}`;
  }
  if (Array.isArray(value)) return value.map(normaliseBody);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normaliseBody(v)]));
  }
  return value;
}

export function buildUrl(
  def: Pick<RouteLine, 'url'>,
  params?: Record<string, unknown>,
  query?: Record<string, unknown>,
): string {
  const path = def.url.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(params?.[key] ?? '')));
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) search.append(k, String(v));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The routes the contract marks multipart: a file and text fields, sent with `api.upload`. */
export type UploadRouteName = { [N in RouteName]: Routes[N] extends { multipart: true } ? N : never }[RouteName];
/** The routes whose answer is a file (a binary string in the contract), read with `api.download`. */
export type DownloadRouteName = {
  [N in RouteName]: Routes[N]['response'][200] extends { format: 'binary' } ? N : never;
}[RouteName];

/** A multipart request: one file and the route's text fields (empty ones are left out). */
export interface UploadRequest {
  /** The file; null for a route whose file is optional. */
  file: Blob | null;
  /** Default: the File's own name. */
  fileName?: string;
  fields?: Record<string, string | number | null | undefined>;
  /** The path parameters of the route (e.g. the ticket a reply is for). */
  params?: Record<string, unknown>;
}

/** An upload's answer: its data, and how many rows it stored when the server says (header X-Stored-Rows). */
export interface UploadAnswer<T> {
  data: T;
  storedRows: number | null;
}

/** A file answer: its bytes, media type and the file name of its Content-Disposition. */
export interface FileAnswer {
  bytes: Uint8Array;
  contentType: string | null;
  fileName: string | null;
}

type RequestParts = { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };

/** The answer's data: JSON when it says so, text otherwise (the tour state comes as text/plain), null when empty. */
async function readAnswer(res: Response): Promise<unknown> {
  const text = await res.text();
  const isJson = (res.headers.get('content-type') ?? '').includes('json');
  if (!text) return null;
  if (!isJson) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const baseOf = (def: RouteLine) => (def.adminHost && options.adminBaseUrl?.()) || options.baseUrl || '';

  /**
   * One request of a contract route with the bearer token; a failure answer is thrown as an ApiError. A busy server's
   * 503 with Retry-After (the analytics' bounded queue) is asked again after that many seconds, BUSY_RETRIES times at
   * most, for reads (GET) only.
   */
  async function send(def: RouteLine, parts: RequestParts, body?: BodyInit, contentType?: string): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = { accept: 'application/json' };
      const token = options.getAccessToken();
      if (token) headers.authorization = `Bearer ${token}`;
      if (contentType) headers['content-type'] = contentType;
      const res = await doFetch(`${baseOf(def)}${buildUrl(def, parts.params, parts.query)}`, {
        method: def.method,
        headers,
        body,
        signal: options.signal,
      });
      if (res.ok) return res;
      const retryAfter = retryAfterSeconds(res.headers.get('retry-after'));
      const answer = await readAnswer(res);
      if (res.status === 503 && retryAfter !== null && def.method === 'GET' && attempt < BUSY_RETRIES) {
        await pause(Math.min(retryAfter, MAX_RETRY_AFTER_S) * 1000, options.signal);
        continue;
      }
      throw new ApiError(res.status, answer, retryAfter);
    }
  }

  /** A JSON call: the body normalised (empty strings as null), the answer parsed. */
  async function call<N extends RouteName>(name: N, request?: RequestOf<N>): Promise<ResponseOf<N>> {
    const r = (request ?? {}) as RequestParts;
    const json = r.body === undefined ? undefined : JSON.stringify(normaliseBody(r.body));
    const res = await send(routeTable[name], r, json, json === undefined ? undefined : 'application/json');
    return (await readAnswer(res)) as ResponseOf<N>;
  }

  /**
   * A multipart upload (the routes the contract marks multipart): the text fields, then the file. The answer's data,
   * and the number of rows stored when the server names it (STORED_ROWS_HEADER), else null.
   */
  async function uploadAnswer<N extends UploadRouteName>(
    name: N,
    request: UploadRequest,
  ): Promise<UploadAnswer<ResponseOf<N>>> {
    const form = new FormData();
    for (const [k, v] of Object.entries(request.fields ?? {}))
      if (v !== null && v !== undefined && v !== '') form.append(k, String(v));
    // A route whose file is optional (a ticket's reply) may be sent the fields alone.
    if (request.file)
      form.append('file', request.file, request.fileName ?? (request.file as { name?: string }).name ?? 'file');
    // No content-type: the browser writes multipart/form-data with its boundary.
    const res = await send(routeTable[name], { params: request.params }, form);
    const stored = res.headers.get(STORED_ROWS_HEADER);
    const storedRows = stored !== null && /^\d+$/.test(stored.trim()) ? Number(stored) : null;
    return { data: (await readAnswer(res)) as ResponseOf<N>, storedRows };
  }

  /** A multipart upload's data (uploadAnswer without the count). */
  async function upload<N extends UploadRouteName>(name: N, request: UploadRequest): Promise<ResponseOf<N>> {
    return (await uploadAnswer(name, request)).data;
  }

  /** A file download (the routes answering a binary string): the bytes, their type and file name. */
  async function download<N extends DownloadRouteName>(name: N, request?: RequestOf<N>): Promise<FileAnswer> {
    const res = await send(routeTable[name], (request ?? {}) as RequestParts);
    const disposition = res.headers.get('content-disposition') ?? '';
    return {
      bytes: new Uint8Array(await res.arrayBuffer()),
      contentType: res.headers.get('content-type'),
      fileName: /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null,
    };
  }

  return Object.assign(call, { upload, uploadAnswer, download });
}
export type ApiClient = ReturnType<typeof createApiClient>;
