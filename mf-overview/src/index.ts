// @patrimonio/mf-overview: Overview dashboard, clients and families, profile and infos, human capital, goals and simulations, support, delegates, docs.
// The entry exports only the single-spa lifecycles; pages load lazily behind them.
import { microFrontend } from '@patrimonio/shared-ui';
import { ErrorNotice, Placeholder } from './placeholder.tsx';

export const { bootstrap, mount, unmount } = microFrontend({
  name: 'mf-overview',
  loadPages: () => import('./pages.tsx').then((m) => m.pages),
  fallback: Placeholder,
  errorFallback: ErrorNotice,
});
