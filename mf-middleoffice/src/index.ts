// @patrimonio/mf-middleoffice: Middle office: pending movements (approve) and controls.
// The entry exports only the single-spa lifecycles; pages load lazily behind them.
import { microFrontend } from '@patrimonio/shared-ui';
import { ErrorNotice, Placeholder } from './placeholder.tsx';

export const { bootstrap, mount, unmount } = microFrontend({
  name: 'mf-middleoffice',
  loadPages: () => import('./pages.tsx').then((m) => m.pages),
  fallback: Placeholder,
  errorFallback: ErrorNotice,
});
