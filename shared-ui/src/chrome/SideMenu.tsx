// The side menu (spec section 2, "Layout"): the entries of menuItems(), three states (open, closed,
// hover-expanded), the open/closed choice persisted, automatic collapse below 1024 px. The hover-expanded rail lies
// over the page with every entry where it was on the rail. On a phone (below 768 px) there is no rail: the top bar's
// menu button opens the menu as a drawer over the page.
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import type { UserProfile } from '@patrimonio/shared-api';
import {
  Activity,
  Archive,
  ArrowLeftRight,
  Briefcase,
  ChartCandlestick,
  ChartLine,
  ChartPie,
  ClipboardCheck,
  CodeXml,
  CreditCard,
  FileDown,
  FolderOpen,
  Gem,
  Handshake,
  Hourglass,
  House,
  IdCard,
  Landmark,
  LayoutDashboard,
  LifeBuoy,
  ListChecks,
  type LucideIcon,
  Network,
  PanelLeftClose,
  PanelLeftOpen,
  Receipt,
  ScrollText,
  Server,
  ShieldCheck,
  Target,
  Upload,
  Users,
  Wallet,
  Waypoints,
} from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { numberLocale } from '../i18n/i18n.ts';
import { Link } from '../navigation.ts';
import { type Selection, selectionName } from '../session/store.ts';
import { focusableIn, useOutsidePress, useReturnFocus } from './a11y.ts';
import { MENU_LABELS } from './labels.ts';
import {
  containsActive,
  isActivePath,
  type MenuItem,
  type MenuKey,
  menuItems,
  PHONE_BREAKPOINT,
  parseStoredSidebar,
  SIDEBAR_BREAKPOINT,
  SIDEBAR_STORAGE_KEY,
  type SidebarState,
  sidebarState,
} from './menu.ts';

const ICONS: Record<MenuKey, LucideIcon> = {
  overview: LayoutDashboard,
  heritage: Landmark,
  financial: Wallet,
  position: ChartPie,
  performance: ChartLine,
  movements: Receipt,
  financialsLegacy: Archive,
  realEstate: House,
  shares: Briefcase,
  artLuxury: Gem,
  humanCapital: Activity,
  goals: Target,
  clientInfo: IdCard,
  widgets: CodeXml,
  report: FileDown,
  clients: Users,
  stocks: ChartCandlestick,
  middleOffice: ClipboardCheck,
  pendingMovements: Hourglass,
  controls: ListChecks,
  delegates: Handshake,
  docs: FolderOpen,
  dashboard: LayoutDashboard,
  fileExchange: ArrowLeftRight,
  server: Server,
  counterparts: Network,
  importActivity: Upload,
  fileLog: ScrollText,
  mapping: Waypoints,
  audit: ShieldCheck,
  subscriptions: CreditCard,
  support: LifeBuoy,
};

const NARROW_QUERY = `(max-width: ${SIDEBAR_BREAKPOINT - 0.02}px)`;
const PHONE_QUERY = `(max-width: ${PHONE_BREAKPOINT - 0.02}px)`;

function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {};
      const mql = window.matchMedia(query);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    [query],
  );
  const get = () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false);
  return useSyncExternalStore(subscribe, get, () => false);
}

function readPinned(): boolean {
  try {
    return parseStoredSidebar(localStorage.getItem(SIDEBAR_STORAGE_KEY));
  } catch {
    return true;
  }
}

/** Sidebar state: the persisted choice on wide screens, a temporary one on narrow screens, hover on the rail. */
export function useSidebar(currentPath: string) {
  const narrow = useMediaQuery(NARROW_QUERY);
  const phone = useMediaQuery(PHONE_QUERY);
  // The top bar's menu button (phones): a press on it is not a press outside the menu.
  const menuButton = useRef<HTMLButtonElement>(null);
  const [pinnedOpen, setPinnedOpen] = useState(readPinned);
  const [narrowOpen, setNarrowOpen] = useState(false);
  const [hovered, setHovered] = useState(false);

  // A narrow screen's open menu closes on navigation and when the screen gets wide.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the path and width changing
  useEffect(() => setNarrowOpen(false), [currentPath, narrow]);

  const toggle = useCallback(() => {
    setHovered(false);
    if (narrow) {
      setNarrowOpen((o) => !o);
      return;
    }
    setPinnedOpen((open) => {
      const next = !open;
      try {
        localStorage.setItem(SIDEBAR_STORAGE_KEY, next ? 'open' : 'closed');
      } catch {
        // Private mode: the choice lasts for this page only.
      }
      return next;
    });
  }, [narrow]);

  const state: SidebarState = sidebarState({ pinnedOpen, narrow, narrowOpen, hovered });
  const closeNarrow = useCallback(() => setNarrowOpen(false), []);
  return { state, narrow, phone, toggle, setHovered, closeNarrow, menuButton };
}

/** What useSidebar returns: the shell holds it, for the top bar's menu button and the side menu. */
export type SidebarControl = ReturnType<typeof useSidebar>;

export interface SideMenuProps {
  user: UserProfile;
  selection: Selection | null;
  currentPath: string;
  pendingCount: number | null;
  onOpenReport: () => void;
  middleOfficeForAdmin?: boolean;
  /** The state, when the shell holds it (for its top bar's menu button); the menu's own otherwise. */
  sidebar?: SidebarControl;
  /** Id of the navigation (the menu button's aria-controls); a generated one by default. */
  navId?: string;
}

export function SideMenu(props: SideMenuProps) {
  const { user, selection, currentPath, pendingCount, onOpenReport, middleOfficeForAdmin = false } = props;
  const { t, i18n } = useLingui();
  const ownNavId = useId();
  const navId = props.navId ?? ownNavId;
  const panel = useRef<HTMLDivElement>(null);
  const ownSidebar = useSidebar(currentPath);
  const { state, narrow, phone, toggle, setHovered, closeNarrow, menuButton } = props.sidebar ?? ownSidebar;
  const items = useMemo(
    () => menuItems(user, selection, { middleOfficeForAdmin }),
    [user, selection, middleOfficeForAdmin],
  );
  const open = state === 'open';

  useOutsidePress([panel, menuButton], narrow && open, closeNarrow);
  useEffect(() => {
    if (!(narrow && open)) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeNarrow();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [narrow, open, closeNarrow]);
  // A phone's drawer takes the focus to its first entry and gives it back (to the menu button) when it closes.
  const drawer = phone && open;
  useReturnFocus(drawer);
  useEffect(() => {
    const nav = document.getElementById(navId);
    if (drawer && nav) focusableIn(nav)[0]?.focus();
  }, [drawer, navId]);

  const label = (d: MessageDescriptor) => i18n._(d);
  const contextName = user.role !== 'BASIC' ? selectionName(selection) : '';
  const formattedCount =
    pendingCount === null ? null : new Intl.NumberFormat(numberLocale()).format(Math.max(0, pendingCount));

  const renderItem = (item: MenuItem, depth: number) => {
    const Icon = ICONS[item.key];
    const text = label(MENU_LABELS[item.key]);
    if (item.children) {
      const groupId = `${navId}-${item.key}`;
      return (
        <li key={item.key} className="pt-sidemenu__group" data-active={containsActive(item, currentPath) || undefined}>
          <span className="pt-sidemenu__group-label" id={groupId}>
            {text}
          </span>
          <ul className="pt-sidemenu__list" aria-labelledby={groupId}>
            {item.children.map((c) => renderItem(c, depth + 1))}
          </ul>
        </li>
      );
    }
    const linkClass = depth >= 2 ? 'pt-sidemenu__link pt-sidemenu__link--sub' : 'pt-sidemenu__link';
    const content = (
      <>
        <Icon className="pt-sidemenu__icon" aria-hidden="true" />
        <span className="pt-sidemenu__label">{text}</span>
      </>
    );
    if (item.action === 'openReport') {
      return (
        <li key={item.key}>
          <button type="button" className={linkClass} onClick={onOpenReport} data-testid="menu-report">
            {content}
          </button>
        </li>
      );
    }
    const href = item.href ?? '/';
    const active = isActivePath(href, currentPath);
    const badge =
      item.badge === 'pendingCount' && formattedCount !== null ? (
        <>
          <span className={pendingCount ? 'pt-badge' : 'pt-badge pt-badge--muted'} aria-hidden="true">
            {formattedCount}
          </span>
          <span className="pt-sr-only">{t`(${formattedCount} da approvare)`}</span>
        </>
      ) : null;
    return (
      <li key={item.key}>
        <Link
          to={href}
          className={linkClass}
          aria-current={active ? 'page' : undefined}
          data-testid={`menu-${item.key}`}
        >
          {content}
          {badge}
        </Link>
      </li>
    );
  };

  return (
    <aside
      className="pt-sidemenu"
      data-testid="side-menu"
      data-state={state}
      data-drawer={phone || undefined}
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse') setHovered(true);
      }}
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse') setHovered(false);
      }}
    >
      <div className="pt-sidemenu__panel" ref={panel}>
        <div className="pt-sidemenu__head">
          <button
            type="button"
            className="pt-icon-btn"
            onClick={toggle}
            aria-expanded={open}
            aria-controls={navId}
            aria-label={open ? t`Comprimi il menu laterale` : t`Espandi il menu laterale`}
            data-testid="side-menu-toggle"
          >
            {open ? <PanelLeftClose size={20} aria-hidden="true" /> : <PanelLeftOpen size={20} aria-hidden="true" />}
          </button>
          {contextName ? (
            <div className="pt-sidemenu__context">
              <span className="pt-sidemenu__context-label">
                {selection?.kind === 'family' ? t`Famiglia` : t`Cliente`}
              </span>
              <span className="pt-sidemenu__context-name" title={contextName}>
                {contextName}
              </span>
            </div>
          ) : null}
        </div>
        <nav id={navId} className="pt-sidemenu__nav" aria-label={t`Menu principale`}>
          <ul className="pt-sidemenu__list">{items.map((i) => renderItem(i, 0))}</ul>
        </nav>
      </div>
      <div className="pt-sidemenu__backdrop" aria-hidden="true" />
    </aside>
  );
}
