// @patrimonio/shared-ui: one copy in the page (import map), shared by the root config and every app.

export type { Client, Family, Role, UserProfile } from '@patrimonio/shared-api';
// The contract's routes (their body schemas bind the forms) and its body check: from '@patrimonio/shared-ui/contract'
// (./contract.ts), a file of its own loaded by the pages and dialogs that have forms, not by the first screen.
export { api } from './api.ts';
export * from './charts/index.ts';
export * from './chrome/index.ts';
export * from './data/index.ts';
export { saveBlob } from './download.ts';
export { OPEN_REPORT_EVENT, openReportDialog, takeReportRequest } from './events.ts';
export * from './format/index.ts';
export * from './forms/index.ts';
export {
  currentLocale,
  i18n,
  initI18n,
  intlLocale,
  LOCALES,
  type Locale,
  loadLocale,
  numberLocale,
  setLocale,
} from './i18n/i18n.ts';
export * from './map/index.ts';
export { AppRoot, microFrontend, microFrontendDialog, type PageProps } from './microfrontend.tsx';
export { appMountPoint, Link, navigate, useLocation } from './navigation.ts';
export * from './page/index.ts';
export * from './routes.ts';
export * from './session/impersonation.ts';
export * from './session/store.ts';
export * from './table/index.ts';
export * from './tour/index.ts';
export * from './upload/index.ts';
export * from './widgets/index.ts';
