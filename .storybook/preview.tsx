// Every story runs inside the portal's Lingui set-up and stylesheet; the "locale" toolbar switches the
// language of all stories (Italian by default, as in the portal): the portal components' Lingui locale and the
// document's lang, which the widget elements without a lang attribute of their own follow.
import { I18nProvider } from '@lingui/react';
import type { Preview } from 'storybook-react-rsbuild';
import { injectStyles } from '../shared-ui/src/chrome/styles.ts';
import { i18n, LOCALES, type Locale, setLocale } from '../shared-ui/src/i18n/i18n.ts';

injectStyles();

const localeOf = (value: unknown): Locale => LOCALES.find((l) => l === value) ?? 'it';

const preview: Preview = {
  tags: ['autodocs'],
  globalTypes: {
    locale: {
      description: 'Portal language',
      toolbar: {
        title: 'Locale',
        icon: 'globe',
        items: [
          { value: 'it', right: 'it', title: 'Italiano' },
          { value: 'en', right: 'en', title: 'English' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: 'it' },
  // Before every render (also when the toolbar changes the language), outside React's render phase; the language's
  // catalogue is loaded on first use.
  beforeEach: async ({ globals }) => {
    const locale = localeOf(globals.locale);
    if (i18n.locale !== locale) await setLocale(locale);
    document.documentElement.lang = locale;
  },
  decorators: [
    // Keyed by the language: a change remounts the story, so the widget elements read the document's new lang.
    (Story, { globals }) => (
      <I18nProvider i18n={i18n}>
        <div key={localeOf(globals.locale)} style={{ display: 'contents' }}>
          <Story />
        </div>
      </I18nProvider>
    ),
  ],
  parameters: {
    controls: { matchers: { date: /Date$/i } },
    // axe-core on every story (the Accessibility panel); a violation counts as an error, for the widgets as for
    // the portal's components.
    a11y: { test: 'error' },
  },
};

export default preview;
