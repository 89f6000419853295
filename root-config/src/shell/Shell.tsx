// The portal shell: layout chrome around the apps' mount point, the public pages, the 404 page and the route
// guards. Apps are mounted by single-spa; the shell tells it to re-check whenever the session or route changes.

import { msg } from '@lingui/core/macro';
import {
  AppShell,
  api,
  BlankLayout,
  LoadingScreen,
  matchRoute,
  NotFoundPage,
  navigate,
  openReportDialog,
  SessionExpiringModal,
  showsPendingCount,
  useLocation,
  usePageTitle,
  useSession,
} from '@patrimonio/shared-ui';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { triggerAppChange } from 'single-spa';
import { redirectMemory, type SessionController } from '../auth/session-controller.ts';
import { LoginPage } from '../pages/LoginPage.tsx';
import { RegisterClientPage } from '../pages/RegisterClientPage.tsx';
import { RegisterProPage } from '../pages/RegisterProPage.tsx';
import { TokenErrorPage } from '../pages/TokenErrorPage.tsx';
import { decide } from './guard.ts';
import { usePendingCount } from './pending-count.ts';
import { applySelection, evaluateSelection } from './selection.ts';
import { TrialBannerOf } from './TrialBannerOf.tsx';

const notFoundTitle = msg`Pagina non trovata`;

export function Shell({ session: controller }: { session: SessionController }) {
  const session = useSession();
  const { pathname, search } = useLocation();
  const expiring = useSyncExternalStore(controller.subscribe, controller.getExpiring);
  const serverVersion = useServerVersion();
  const decision = decide(pathname, session, redirectMemory.peek());

  // Redirects are effects: render first, then move.
  const redirectTo = decision.kind === 'redirect' ? decision.to : null;
  const rememberCurrent = decision.kind === 'redirect' && Boolean(decision.rememberCurrent);
  useEffect(() => {
    if (!redirectTo) return;
    if (rememberCurrent) redirectMemory.save(pathname + search);
    else if (pathname === '/') redirectMemory.take();
    navigate(redirectTo, { replace: true });
  }, [redirectTo, rememberCurrent, pathname, search]);

  const pageMatch = decision.kind === 'page' ? decision.match : null;
  const verdict = pageMatch ? evaluateSelection(pageMatch, session) : 'none';
  const ready = pageMatch !== null && (verdict === 'ready' || verdict === 'none');
  const isPage = pageMatch !== null;
  useEffect(() => {
    const match = isPage ? matchRoute(pathname) : null;
    if (match) applySelection(match, verdict);
  }, [isPage, pathname, verdict]);

  // single-spa evaluates activeWhen on routing events; session and selection changes need a nudge.
  const appState = `${ready}|${pathname}|${session.status}|${session.user?.id}|${session.selection?.status}`;
  useEffect(() => {
    if (appState) void triggerAppChange();
  }, [appState]);

  usePageTitle(pageMatch?.route.title ?? (decision.kind === 'not-found' ? notFoundTitle : ''));

  const menuSelection = verdict === 'ready' ? session.selection : null;
  const pendingCount = usePendingCount(session.user ? showsPendingCount(session.user, menuSelection) : false);

  const modal = (
    <SessionExpiringModal open={expiring.open} secondsLeft={expiring.secondsLeft} onKeepAlive={controller.keepAlive} />
  );

  switch (decision.kind) {
    case 'callback':
    case 'loading':
    case 'redirect':
      return <LoadingScreen />;
    case 'public':
      return <PublicPage page={decision.match.route.page} controller={controller} />;
    case 'not-found':
      if (!decision.signedIn || !session.user) {
        return (
          <BlankLayout>
            <NotFoundPage backTo={decision.backTo} />
          </BlankLayout>
        );
      }
      break;
  }
  if (!session.user) return <LoadingScreen />;
  return (
    <>
      <AppShell
        user={session.user}
        selection={menuSelection}
        serverVersion={serverVersion}
        pendingCount={pendingCount}
        currentPath={pathname}
        onLogout={() => void controller.signOut()}
        onOpenReport={openReportDialog}
        banner={<TrialBannerOf user={session.user} selection={menuSelection} />}
      >
        {decision.kind === 'not-found' ? <NotFoundPage backTo={decision.backTo} /> : null}
        {decision.kind === 'page' && !ready ? <LoadingScreen /> : null}
        <div id="mf-container" />
      </AppShell>
      {modal}
    </>
  );
}

function PublicPage({ page, controller }: { page: string; controller: SessionController }) {
  switch (page) {
    case 'login':
      return <LoginPage controller={controller} />;
    case 'token-error':
      return <TokenErrorPage controller={controller} />;
    case 'register-pro':
      return <RegisterProPage />;
    default:
      return <RegisterClientPage controller={controller} />;
  }
}

/** GET /live/version for the footer, retried once (spec section 7). */
function useServerVersion(): string | null {
  const [version, setVersion] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    const attempt = (left: number): Promise<void> =>
      api('liveVersion')
        .then((v) => {
          if (!cancelled) setVersion(v.version);
        })
        .catch(() => (left > 0 ? attempt(left - 1) : undefined));
    void attempt(1);
    return () => {
      cancelled = true;
    };
  }, []);
  return version;
}
