// The typed API client: types come from the route schemas, never declared by hand.
import type { Static, TSchema } from 'typebox';
import { type RouteDef, type RouteName, type Routes, routes } from './routes.ts';

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
  ) {
    super(`API ${status}`);
  }
}

export interface ApiClientOptions {
  baseUrl?: string;
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

export function buildUrl(def: RouteDef, params?: Record<string, unknown>, query?: Record<string, unknown>): string {
  const path = def.url.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(params?.[key] ?? '')));
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) search.append(k, String(v));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  return async function call<N extends RouteName>(name: N, request?: RequestOf<N>): Promise<ResponseOf<N>> {
    const def: RouteDef = routes[name];
    const r = (request ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
    const headers: Record<string, string> = { accept: 'application/json' };
    const token = options.getAccessToken();
    if (token) headers.authorization = `Bearer ${token}`;
    let body: string | undefined;
    if (r.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(normaliseBody(r.body));
    }
    const res = await doFetch(`${options.baseUrl ?? ''}${buildUrl(def, r.params, r.query)}`, {
      method: def.method,
      headers,
      body,
      signal: options.signal,
    });
    // String answers (the tour state) come as text/plain; everything else as JSON.
    const text = await res.text();
    const isJson = (res.headers.get('content-type') ?? '').includes('json');
    const data: unknown = !text ? null : isJson ? JSON.parse(text) : text;
    if (!res.ok) throw new ApiError(res.status, data);
    return data as ResponseOf<N>;
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;
