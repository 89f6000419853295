// @patrimonio/mf-realestate: Real estate (tables, map, detail, forms, mortgages, evaluations, sold), family business (shares), art and luxury.
// The entry exports only the single-spa lifecycles; pages load lazily behind them.
import { microFrontend } from '@patrimonio/shared-ui';
import { ErrorNotice, Placeholder } from './placeholder.tsx';

export const { bootstrap, mount, unmount } = microFrontend({
  name: 'mf-realestate',
  loadPages: () => import('./pages.tsx').then((m) => m.pages),
  fallback: Placeholder,
  errorFallback: ErrorNotice,
});
