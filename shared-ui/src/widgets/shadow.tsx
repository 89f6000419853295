// What every widget renders inside its shadow root: its own stylesheet (the charts' and the widgets' styles; the
// page's styles do not reach in and these do not leak out), and a Lingui context in the widget's language (the
// `lang` attribute, else the closest `lang` around the element, else Italian), independent of the page's.
import { type I18n, setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import chartsCss from '../charts/charts.css';
import type { Locale } from '../i18n/i18n.ts';
// The widgets' own catalogues: only the messages of the code the widgets bundle (scripts/widgets-i18n.ts, run by
// npm run i18n:compile and the build, generates them from the portal's catalogues).
import { messages as en } from '../locales/en/widgets.ts';
import { messages as it } from '../locales/it/widgets.ts';
import widgetsCss from './widgets.css';

/** The stylesheet injected into each widget's shadow root. */
export const WIDGET_CSS = `${chartsCss}\n${widgetsCss}`;

const instances = new Map<Locale, I18n>();
/** One Lingui instance per language for all widgets (the page's own instance is left alone). */
export function widgetI18n(locale: Locale): I18n {
  let i18n = instances.get(locale);
  if (!i18n) {
    i18n = setupI18n({ locale, messages: { it, en } });
    instances.set(locale, i18n);
  }
  return i18n;
}

export interface WidgetRootProps {
  locale: Locale;
  children: ReactNode;
}

export function WidgetRoot({ locale, children }: WidgetRootProps) {
  return (
    <I18nProvider i18n={widgetI18n(locale)}>
      <style>{WIDGET_CSS}</style>
      <div className="pt-widget" lang={locale}>
        {children}
      </div>
    </I18nProvider>
  );
}
