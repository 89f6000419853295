import { defineConfig } from '@lingui/cli';

// One catalog for the whole portal, loaded once by shared-ui. Italian is the source language.
export default defineConfig({
  sourceLocale: 'it',
  locales: ['it', 'en'],
  fallbackLocales: { default: 'it' },
  catalogs: [
    {
      path: '<rootDir>/shared-ui/src/locales/{locale}/messages',
      include: [
        '<rootDir>/shared-ui/src',
        '<rootDir>/root-config/src',
        '<rootDir>/mf-overview/src',
        '<rootDir>/mf-financial/src',
        '<rootDir>/mf-realestate/src',
        '<rootDir>/mf-middleoffice/src',
        '<rootDir>/mf-planning/src',
        '<rootDir>/mf-admin/src',
        '<rootDir>/mf-report/src',
      ],
      exclude: ['**/node_modules/**', '**/dist/**', '**/*.test.*', '**/*.stories.*', '**/*.browser-test.*'],
    },
  ],
  compileNamespace: 'ts',
});
