// The main layout (spec section 2, "Layout"): top bar, side menu, main area, footer, the Q&A guide drawer
// and the toasts (bottom-right). The legal documents dialog belongs to the footer. The shell holds the side menu's
// state: on a phone the top bar's menu button opens the menu as a drawer.
import { useLingui } from '@lingui/react/macro';
import type { UserProfile } from '@patrimonio/shared-api';
import { Menu } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { stopImpersonation } from '../session/impersonation.ts';
import type { Selection } from '../session/store.ts';
import { Footer } from './Footer.tsx';
import { GuideDrawer } from './GuideDrawer.tsx';
import { ImpersonationBanner } from './ImpersonationBanner.tsx';
import { SideMenu, useSidebar } from './SideMenu.tsx';
import { Toaster } from './Toaster.tsx';
import { TopBar } from './TopBar.tsx';

export interface AppShellProps {
  /** Role, name, permissions, impersonator. */
  user: UserProfile;
  /** Client or family selected by the route, or null. */
  selection: Selection | null;
  /** Shown in the footer next to the build label. */
  serverVersion: string | null;
  /** Pending movements badge; null = unknown, no badge. */
  pendingCount: number | null;
  /** For the active menu item. */
  currentPath: string;
  onLogout: () => void;
  /** The "Download report" menu entry. */
  onOpenReport: () => void;
  /** The spec's feature condition for ADMIN's Middle office (default false). */
  middleOfficeForAdmin?: boolean;
  /** Ends an impersonation (the banner's button); the root config's by default. */
  onStopImpersonation?: () => Promise<void>;
  /** Notices above the main area (the trial banner). */
  banner?: ReactNode;
  /** The main area. */
  children: ReactNode;
}

export function AppShell(props: AppShellProps) {
  const { user, selection, serverVersion, pendingCount, currentPath, onLogout, onOpenReport, children } = props;
  const { t } = useLingui();
  const sidebar = useSidebar(currentPath);
  const navId = useId();
  const menuButton = (
    <button
      ref={sidebar.menuButton}
      type="button"
      className="pt-icon-btn pt-topbar__menu"
      onClick={sidebar.toggle}
      aria-expanded={sidebar.phone && sidebar.state === 'open'}
      aria-controls={navId}
      aria-label={t`Menu principale`}
      data-testid="menu-button"
    >
      <Menu size={22} aria-hidden="true" />
    </button>
  );
  return (
    <div className="pt-shell" data-testid="app-shell">
      <a className="pt-skip-link" href="#pt-main">
        {t`Vai al contenuto principale`}
      </a>
      <ImpersonationBanner user={user} onStop={props.onStopImpersonation ?? stopImpersonation} />
      <TopBar user={user} onLogout={onLogout} menuButton={menuButton} />
      <div className="pt-shell__body">
        <SideMenu
          user={user}
          selection={selection}
          currentPath={currentPath}
          pendingCount={pendingCount}
          onOpenReport={onOpenReport}
          middleOfficeForAdmin={props.middleOfficeForAdmin ?? false}
          sidebar={sidebar}
          navId={navId}
        />
        <div className="pt-shell__content">
          {props.banner}
          <main id="pt-main" className="pt-main" tabIndex={-1}>
            {children}
          </main>
          <Footer role={user.role} serverVersion={serverVersion} />
        </div>
      </div>
      <GuideDrawer />
      <Toaster />
    </div>
  );
}
