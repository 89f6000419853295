// @patrimonio/mf-admin: Admin area: dashboard (caronte-panel), servers, counterparts, import activity, file log, mapping, audit, users.
// The entry exports only the single-spa lifecycles; pages load lazily behind them.
import { microFrontend } from '@patrimonio/shared-ui';
import { ErrorNotice, Placeholder } from './placeholder.tsx';

export const { bootstrap, mount, unmount } = microFrontend({
  name: 'mf-admin',
  loadPages: () => import('./pages.tsx').then((m) => m.pages),
  fallback: Placeholder,
  errorFallback: ErrorNotice,
});
