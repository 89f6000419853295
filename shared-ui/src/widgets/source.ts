// Where a widget's figures come from when the page does not give them: the widget data API
// (GET /api/v1/widget-data/{widget}) read with a widget token (`Authorization: Bearer ptw_…`), never with the
// page's cookies. Pure apart from fetch; the states and the failures the elements show.

/** What a widget shows: a skeleton, the "no data" message, an error message, or its figures. */
export type WidgetState = 'loading' | 'empty' | 'error' | 'ready';
export const WIDGET_STATES: ReadonlyArray<WidgetState> = ['loading', 'empty', 'error', 'ready'];

/**
 * Why a widget shows its error: `token` (401: revoked, expired or unknown token), `forbidden` (403: this site or
 * this widget is not allowed for the token), `unavailable` (any other answer, a network failure or figures of the
 * wrong shape; the only one with a Retry button).
 */
export type WidgetFailure = 'token' | 'forbidden' | 'unavailable';

/** Detail of `pt-state-change`. */
export interface StateChangeDetail {
  state: WidgetState;
}
export type PtStateChangeEvent = CustomEvent<StateChangeDetail>;
export const STATE_CHANGE_EVENT = 'pt-state-change';

export class WidgetFetchError extends Error {
  constructor(readonly failure: WidgetFailure) {
    super(`widget data: ${failure}`);
    this.name = 'WidgetFetchError';
  }
}

/** The request URL: `src` with the optional range as the query dateFrom and dateTo (other query parameters kept). */
export function widgetDataUrl(src: string, dateFrom?: string, dateTo?: string): string {
  const url = new URL(src, globalThis.location?.href);
  if (dateFrom) url.searchParams.set('dateFrom', dateFrom);
  if (dateTo) url.searchParams.set('dateTo', dateTo);
  return url.href;
}

/** The failure an HTTP status stands for. */
export function failureOf(status: number): WidgetFailure {
  if (status === 401) return 'token';
  if (status === 403) return 'forbidden';
  return 'unavailable';
}

export interface WidgetSource {
  src: string;
  token: string;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
}

/** Reads the figures; throws WidgetFetchError (or the AbortError of `signal`). */
export async function fetchWidgetData({ src, token, dateFrom, dateTo }: WidgetSource, signal: AbortSignal) {
  let response: Response;
  try {
    response = await fetch(widgetDataUrl(src, dateFrom, dateTo), {
      method: 'GET',
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
      credentials: 'omit',
      mode: 'cors',
      signal,
    });
  } catch (e) {
    if (signal.aborted) throw e;
    throw new WidgetFetchError('unavailable');
  }
  if (!response.ok) throw new WidgetFetchError(failureOf(response.status));
  try {
    return (await response.json()) as unknown;
  } catch (e) {
    if (signal.aborted) throw e;
    throw new WidgetFetchError('unavailable');
  }
}
