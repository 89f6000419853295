// Reading the widgets' attributes (pure): JSON attributes, the language, the host of a shadow root.
import type { Locale } from '../i18n/i18n.ts';

/** A JSON attribute as a value: the parsed JSON, or `fallback` (with a warning) when it is missing or invalid. */
export function parseJsonAttribute<T>(value: unknown, fallback: T, name: string): T {
  if (value === null || value === undefined || value === '') return fallback;
  if (typeof value !== 'string') return value as T;
  try {
    return JSON.parse(value) as T;
  } catch {
    console.warn(`patrimonio widget: the ${name} attribute is not valid JSON`);
    return fallback;
  }
}

/** The element hosting a widget's shadow root (r2wc passes the root as `container`). */
export function hostOf(container: Node | undefined): HTMLElement | null {
  if (!container) return null;
  const host = (container as Partial<ShadowRoot>).host;
  if (host) return host as HTMLElement;
  return container.nodeType === 1 ? (container as HTMLElement) : null;
}

/** 'en' or 'it' from the `lang` attribute, else from the closest ancestor with one; Italian by default. */
export function widgetLocale(lang: string | null | undefined, host: Element | null): Locale {
  const value = lang || host?.parentElement?.closest('[lang]')?.getAttribute('lang') || 'it';
  return value.toLowerCase().startsWith('en') ? 'en' : 'it';
}
