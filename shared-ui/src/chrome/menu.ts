// The side-menu model (spec portal-and-report.md section 2, "Layout"): a pure function of the user, the
// selected client or family and the feature options. The component only renders what this returns.
import type { UserProfile } from '@patrimonio/shared-api';
import { mayApproveMovements, mayManageControls } from '@patrimonio/shared-api/constants';
import { isImpersonating, type Selection } from '../session/store.ts';

export type MenuKey =
  // Selected client or family (or BASIC's own data).
  | 'overview'
  | 'heritage'
  | 'financial'
  | 'position'
  | 'performance'
  | 'movements'
  | 'financialsLegacy'
  | 'realEstate'
  | 'shares'
  | 'artLuxury'
  | 'humanCapital'
  | 'goals'
  | 'clientInfo'
  | 'widgets'
  | 'report'
  // No selection.
  | 'clients'
  | 'stocks'
  | 'middleOffice'
  | 'pendingMovements'
  | 'controls'
  | 'delegates'
  | 'docs'
  | 'dashboard'
  | 'fileExchange'
  | 'server'
  | 'counterparts'
  | 'importActivity'
  | 'fileLog'
  | 'mapping'
  | 'audit'
  | 'subscriptions'
  | 'support';

/** A link (href), an action (the report dialog) or a group (children only). */
export interface MenuItem {
  key: MenuKey;
  href?: string;
  action?: 'openReport';
  /** Shows the pending-movements count next to the label. */
  badge?: 'pendingCount';
  children?: MenuItem[];
}

export interface MenuOptions {
  /** The spec's "feature condition" for ADMIN's Middle office. */
  middleOfficeForAdmin?: boolean;
}

export type MenuUser = Pick<UserProfile, 'role' | 'permissions' | 'impersonator'>;
export type MenuSelection = Pick<Selection, 'kind' | 'id'>;

/** Impersonation is detected by an impersonator in the profile (spec section 6). */
const impersonating = (user: MenuUser) => isImpersonating(user as UserProfile);

const link = (key: MenuKey, href: string, extra: Partial<MenuItem> = {}): MenuItem => ({ key, href, ...extra });
const group = (key: MenuKey, children: MenuItem[]): MenuItem | null => (children.length ? { key, children } : null);
const present = (items: (MenuItem | null | false)[]): MenuItem[] => items.filter((i): i is MenuItem => Boolean(i));

/** Menu of a selected client or family; BASIC always gets it, on the plain paths of their own data. */
function selectedMenu(user: MenuUser, selection: MenuSelection | null): MenuItem[] {
  const basic = user.role === 'BASIC';
  const family = !basic && selection?.kind === 'family';
  const base = basic ? '' : `/${family ? 'family' : 'client'}/${selection?.id}`;
  const legacy = impersonating(user);
  const noReport = user.role === 'ADMIN' || user.role === 'BACK_OFFICE';
  return present([
    link('overview', `${base}/overview`),
    group(
      'heritage',
      present([
        group(
          'financial',
          present([
            link('position', `${base}/position`),
            link('performance', `${base}/performance`),
            // The accounts and movements (issue 22): every role that has the client menu may open the financials
            // page (spec section 2, routes). An impersonator reaches the same page by the legacy entry instead.
            !legacy && link('movements', `${base}/financials`),
            legacy && link('financialsLegacy', `${base}/financials`),
          ]),
        ),
        link('realEstate', `${base}/real-estate`),
        link('shares', `${base}/family-business`),
        link('artLuxury', `${base}/art-luxury`),
      ]),
    ),
    link('humanCapital', `${base}/human-capital`),
    !family && link('goals', `${base}/goals`),
    !basic && !family && link('clientInfo', `${base}/infos`),
    // The widget tokens for the adviser's own website (issue 20): a PRO's, for the client or the family.
    user.role === 'PRO' && link('widgets', `${base}/widgets`),
    !noReport && { key: 'report', action: 'openReport' },
  ]);
}

/**
 * Middle office entries. A DELEGATE gets the entries its permissions allow (APPROVE_MOVEMENT: pending
 * movements, MANAGE_CONTROL: controls); everyone else who sees the group, and an impersonator, gets both.
 */
function middleOffice(user: MenuUser): MenuItem | null {
  const approve = mayApproveMovements(user);
  const controls = mayManageControls(user);
  return group(
    'middleOffice',
    present([
      approve && link('pendingMovements', '/approve', { badge: 'pendingCount' }),
      controls && link('controls', '/controls'),
    ]),
  );
}

function fileExchange(withServer: boolean): MenuItem | null {
  return group(
    'fileExchange',
    present([
      withServer && link('server', '/caronte-server'),
      link('counterparts', '/counterparts'),
      link('importActivity', '/import-activity'),
      link('fileLog', '/file-log'),
    ]),
  );
}

function hasSelection(selection: MenuSelection | null): selection is MenuSelection {
  return selection !== null && Number.isFinite(selection.id);
}

/** The side-menu items for a user, the current selection and the feature options. */
export function menuItems(user: MenuUser, selection: MenuSelection | null, opts: MenuOptions = {}): MenuItem[] {
  switch (user.role) {
    case 'BASIC':
      return selectedMenu(user, selection);
    case 'PRO':
    case 'DELEGATE': {
      if (hasSelection(selection)) return selectedMenu(user, selection);
      const pro = user.role === 'PRO';
      return present([
        link('clients', '/clients'),
        link('stocks', '/stocks'),
        middleOffice(user),
        pro && link('delegates', '/delegates'),
        // /docs is a PRO-only route: an admin impersonating a PRO sees it.
        pro && impersonating(user) && link('docs', '/docs'),
      ]);
    }
    case 'ADMIN':
      return present([
        link('dashboard', '/caronte-panel'),
        link('stocks', '/stocks'),
        Boolean(opts.middleOfficeForAdmin) && middleOffice(user),
        fileExchange(true),
        link('mapping', '/caronte-mapping'),
        link('audit', '/caronte-audit'),
        link('subscriptions', '/caronte-subscriptions'),
        link('support', '/support'),
      ]);
    case 'BACK_OFFICE':
      return present([
        middleOffice(user),
        link('stocks', '/stocks'),
        link('support', '/support'),
        link('mapping', '/caronte-mapping'),
        fileExchange(false),
      ]);
    default:
      return [];
  }
}

/**
 * Whether the side menu shows the pending-movements badge for this user and selection: the entry is there (PRO, an
 * impersonator, BACK_OFFICE, ADMIN under the feature condition, a DELEGATE with APPROVE_MOVEMENT; no client
 * selected). The shell asks for the count only then.
 */
export function showsPendingCount(user: MenuUser, selection: MenuSelection | null, opts: MenuOptions = {}): boolean {
  const hasBadge = (items: readonly MenuItem[]): boolean =>
    items.some((i) => i.badge === 'pendingCount' || hasBadge(i.children ?? []));
  return hasBadge(menuItems(user, selection, opts));
}

/** Whether a menu link is the current page (exact match or a sub-path of it). */
export function isActivePath(href: string, currentPath: string): boolean {
  const path = currentPath.replace(/\/+$/, '') || '/';
  return path === href || path.startsWith(`${href}/`);
}

/** Whether an item or one of its descendants is the current page. */
export function containsActive(item: MenuItem, currentPath: string): boolean {
  if (item.href && isActivePath(item.href, currentPath)) return true;
  return (item.children ?? []).some((c) => containsActive(c, currentPath));
}

// ---- Sidebar state -------------------------------------------------------------------------------------

export type SidebarState = 'open' | 'closed' | 'hover';

/** Below this width (px) the sidebar collapses automatically (spec section 9). */
export const SIDEBAR_BREAKPOINT = 1024;
/** Below this width (px) there is no rail: the top bar's menu button opens the menu as a drawer (phones). */
export const PHONE_BREAKPOINT = 768;
export const SIDEBAR_STORAGE_KEY = 'patrimonio.sidebar';

/** The persisted choice: open unless the user closed it. */
export function parseStoredSidebar(value: string | null): boolean {
  return value !== 'closed';
}

/**
 * The visible state. On wide screens the persisted choice decides; on narrow ones the sidebar is closed
 * unless the user opened it for the moment. A closed rail expands while hovered.
 */
export function sidebarState(s: {
  pinnedOpen: boolean;
  narrow: boolean;
  narrowOpen: boolean;
  hovered: boolean;
}): SidebarState {
  const open = s.narrow ? s.narrowOpen : s.pinnedOpen;
  if (open) return 'open';
  return s.hovered ? 'hover' : 'closed';
}
