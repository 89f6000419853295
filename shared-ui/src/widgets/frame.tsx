// What every widget shares inside its shadow root: its figures from the `data` property or attribute, or fetched
// from `src` with `token` (useWidgetData), and the frame (WidgetFrame) that shows the loading skeleton, the empty
// and error messages (Retry where trying again can help) or the figures, reflects the state on the host element
// as `data-state` and announces each change with `pt-state-change`.
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Locale } from '../i18n/i18n.ts';
import { hostOf, parseJsonAttribute, widgetLocale } from './attributes.ts';
import { WidgetRoot } from './shadow.tsx';
import {
  fetchWidgetData,
  STATE_CHANGE_EVENT,
  type StateChangeDetail,
  type WidgetFailure,
  WidgetFetchError,
  type WidgetState,
} from './source.ts';

/** The attributes every widget element has (r2wc passes them as props). */
export interface WidgetInputProps {
  /** The figures: JSON text (the attribute) or the object (the property). */
  data?: string | object;
  /** The full URL of the widget data API, e.g. https://host/api/v1/widget-data/portfolio-donut. */
  src?: string;
  /** A widget token (ptw_…), sent as `Authorization: Bearer`. */
  token?: string;
  /** The range asked of the API (query dateFrom, dateTo), YYYY-MM-DD. */
  dateFrom?: string;
  dateTo?: string;
  /** The accessible name (and caption). */
  label?: string;
  /** A visible title above the widget (part `title`). */
  heading?: string;
  /** 'it' (default) or 'en'. */
  lang?: string;
  /** The shadow root (set by r2wc). */
  container?: HTMLElement;
}

export interface WidgetData<T> {
  state: WidgetState;
  data: T | null;
  failure: WidgetFailure | null;
  retry: () => void;
}

type Outcome<T> = Omit<WidgetData<T>, 'retry'>;
const LOADING: Outcome<never> = { state: 'loading', data: null, failure: null };
const EMPTY: Outcome<never> = { state: 'empty', data: null, failure: null };
const failed = (failure: WidgetFailure): Outcome<never> => ({ state: 'error', data: null, failure });

/**
 * The widget's figures and state. Given `data` wins; otherwise `src` and `token` are read (again when one of them
 * or the range changes, the previous request aborted, and aborted when the element leaves the page). Figures of
 * another shape are an error ('unavailable'); figures with nothing to draw are 'empty'.
 */
export function useWidgetData<T>(
  { data, src, token, dateFrom, dateTo }: WidgetInputProps,
  check: (value: unknown) => value is T,
  isEmpty: (value: T) => boolean,
): WidgetData<T> {
  const judge = useCallback(
    (value: unknown): Outcome<T> => {
      if (!check(value)) {
        console.warn('patrimonio widget: the figures do not have the shape of this widget');
        return failed('unavailable');
      }
      return isEmpty(value) ? EMPTY : { state: 'ready', data: value, failure: null };
    },
    [check, isEmpty],
  );
  const given = useMemo(() => parseJsonAttribute<unknown>(data, undefined, 'data'), [data]);
  const remote = given === undefined && Boolean(src);
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const [fetched, setFetched] = useState<Outcome<T>>(LOADING);

  useEffect(() => {
    // attempt: a Retry asks again with the same source.
    void attempt;
    if (!remote || !src) return;
    if (!token) {
      setFetched(failed('token'));
      return;
    }
    const controller = new AbortController();
    setFetched(LOADING);
    fetchWidgetData({ src, token, dateFrom, dateTo }, controller.signal).then(
      (value) => {
        if (!controller.signal.aborted) setFetched(judge(value));
      },
      (e: unknown) => {
        if (!controller.signal.aborted) setFetched(failed(e instanceof WidgetFetchError ? e.failure : 'unavailable'));
      },
    );
    return () => controller.abort();
  }, [remote, src, token, dateFrom, dateTo, attempt, judge]);

  const local = useMemo(() => (given === undefined ? null : judge(given)), [given, judge]);
  if (local) return { ...local, retry };
  if (!src) return { ...EMPTY, retry };
  return { ...fetched, retry };
}

export interface WidgetFrameProps {
  state: WidgetState;
  failure: WidgetFailure | null;
  onRetry: () => void;
  heading?: string | undefined;
  /** The widget's name, for the loading and empty messages. */
  label: string;
  /** Drawn in the ready state only. */
  children: ReactNode;
}

function Status({ state, failure, onRetry, label }: Omit<WidgetFrameProps, 'children' | 'heading'>) {
  const { t } = useLingui();
  if (state === 'loading') {
    return (
      <div className="pt-widget__status pt-widget__skeleton" part="status" role="status">
        <span className="pt-widget__sr">{t`${label}: caricamento dei dati…`}</span>
        <span className="pt-widget__bone" aria-hidden="true" />
        <span className="pt-widget__bone pt-widget__bone--short" aria-hidden="true" />
        <span className="pt-widget__bone pt-widget__bone--block" aria-hidden="true" />
      </div>
    );
  }
  if (state === 'empty') {
    return (
      <p className="pt-widget__status pt-widget__message" part="status" role="status">
        {t`${label}: nessun dato da mostrare.`}
      </p>
    );
  }
  const message =
    failure === 'token'
      ? t`Il token del widget non è valido (revocato o scaduto).`
      : failure === 'forbidden'
        ? t`Questo widget non è consentito su questo sito.`
        : t`Dati non disponibili al momento.`;
  return (
    <div className="pt-widget__status pt-widget__error" part="status" role="alert" data-failure={failure ?? undefined}>
      <p className="pt-widget__message">{message}</p>
      {failure === 'unavailable' ? (
        <button type="button" className="pt-widget__retry" part="retry" onClick={onRetry}>
          {t`Riprova`}
        </button>
      ) : null}
    </div>
  );
}

/** The host's `data-state`, and `pt-state-change` on every change (bubbling, composed). */
export function useHostState(host: HTMLElement | null, state: WidgetState) {
  useEffect(() => {
    if (!host || host.getAttribute('data-state') === state) return;
    host.setAttribute('data-state', state);
    const detail: StateChangeDetail = { state };
    host.dispatchEvent(new CustomEvent(STATE_CHANGE_EVENT, { detail, bubbles: true, composed: true }));
  }, [host, state]);
}

export function WidgetFrame({ state, failure, onRetry, heading, label, children }: WidgetFrameProps) {
  return (
    <div className="pt-widget__base" part="base" aria-busy={state === 'loading' ? 'true' : undefined}>
      {heading ? (
        <p className="pt-widget__title" part="title">
          {heading}
        </p>
      ) : null}
      {state === 'ready' ? children : <Status state={state} failure={failure} onRetry={onRetry} label={label} />}
    </div>
  );
}

/** The host element and the widget's language from r2wc's props. */
export function useWidgetHost(props: WidgetInputProps): { host: HTMLElement | null; locale: Locale } {
  const host = hostOf(props.container);
  return { host, locale: widgetLocale(props.lang, host) };
}

/** The theme's colours read on the host: `--pt-widget-palette` (comma-separated), `--pt-widget-positive`, `--pt-widget-negative`. */
export interface WidgetColors {
  palette: string[] | undefined;
  positive: string | undefined;
  negative: string | undefined;
}

export function themeColors(host: HTMLElement | null): WidgetColors {
  if (!host || typeof getComputedStyle !== 'function')
    return { palette: undefined, positive: undefined, negative: undefined };
  const style = getComputedStyle(host);
  const read = (name: string) => style.getPropertyValue(name).trim() || undefined;
  const palette = (read('--pt-widget-palette') ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  return {
    palette: palette.length > 0 ? palette : undefined,
    positive: read('--pt-widget-positive'),
    negative: read('--pt-widget-negative'),
  };
}

/** The theme's colours, stable while they do not change (so charts do not redraw for nothing). */
export function useThemeColors(host: HTMLElement | null): WidgetColors {
  const next = themeColors(host);
  const ref = useRef(next);
  if (JSON.stringify(ref.current) !== JSON.stringify(next)) ref.current = next;
  return ref.current;
}

/**
 * One widget's React side: the frame around `draw(data)` in the widget's shadow root, inside WidgetRoot (styles
 * and Lingui in the widget's language).
 */
export function WidgetShell<T>({
  props,
  check,
  isEmpty,
  label,
  render,
}: {
  props: WidgetInputProps;
  check: (value: unknown) => value is T;
  isEmpty: (value: T) => boolean;
  /** The default accessible name (translated in the widget's language). */
  label: MessageDescriptor;
  render: (data: T, name: string, host: HTMLElement | null) => ReactNode;
}) {
  const { host, locale } = useWidgetHost(props);
  return (
    <WidgetRoot locale={locale}>
      <ShellBody props={props} check={check} isEmpty={isEmpty} label={label} render={render} host={host} />
    </WidgetRoot>
  );
}

function ShellBody<T>({
  props,
  check,
  isEmpty,
  label,
  render,
  host,
}: Parameters<typeof WidgetShell<T>>[0] & { host: HTMLElement | null }) {
  const { i18n } = useLingui();
  const { state, data, failure, retry } = useWidgetData(props, check, isEmpty);
  useHostState(host, state);
  const name = props.label || i18n._(label);
  return (
    <WidgetFrame state={state} failure={failure} onRetry={retry} heading={props.heading} label={name}>
      {data ? render(data, name, host) : null}
    </WidgetFrame>
  );
}
