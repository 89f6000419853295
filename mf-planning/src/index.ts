// @patrimonio/mf-planning: Planning: human capital (cash flows and life insurance), goals and simulations.
// The entry exports only the single-spa lifecycles; pages load lazily behind them.
import { microFrontend } from '@patrimonio/shared-ui';
import { ErrorNotice, Placeholder } from './placeholder.tsx';

export const { bootstrap, mount, unmount } = microFrontend({
  name: 'mf-planning',
  loadPages: () => import('./pages.tsx').then((m) => m.pages),
  fallback: Placeholder,
  errorFallback: ErrorNotice,
});
