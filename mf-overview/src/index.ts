// @patrimonio/mf-overview: Overview dashboard, clients and families, profile and infos, human capital, goals and simulations, support, delegates, docs.
// The entry exports only the single-spa lifecycles and the table of pages; each page loads lazily, in a chunk of its
// own, when its route is first shown (pages.tsx), so the overview asks for its one chunk straight from the entry.
import { microFrontend } from '@patrimonio/shared-ui';
import { pages } from './pages.tsx';
import { ErrorNotice, Placeholder } from './placeholder.tsx';

export const { bootstrap, mount, unmount } = microFrontend({
  name: 'mf-overview',
  loadPages: () => Promise.resolve(pages),
  fallback: Placeholder,
  errorFallback: ErrorNotice,
});
