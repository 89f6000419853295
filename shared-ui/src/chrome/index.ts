// The portal chrome: layout, brand, dialogs, guide, toasts and page helpers.
export { AppShell, type AppShellProps } from './AppShell.tsx';
export { BlankLayout } from './BlankLayout.tsx';
export { Footer, type FooterProps, PORTAL_VERSION } from './Footer.tsx';
export { GuideDrawer } from './GuideDrawer.tsx';
export { filterGuide, GUIDE_SEARCH_THRESHOLD, highlightParts, isGuideSearchActive } from './guideSearch.ts';
export { closeGuide, openGuide, useGuide } from './guideStore.ts';
export { ImpersonationBanner, type ImpersonationBannerProps } from './ImpersonationBanner.tsx';
export { LanguageSwitcher } from './LanguageSwitcher.tsx';
export { LegalDialog } from './LegalDialog.tsx';
export { LoadingScreen, Logo, LogoMark, type LogoProps, Spinner, type SpinnerProps } from './Logo.tsx';
export { LEGAL_LABELS, MENU_LABELS, ROLE_LABELS } from './labels.ts';
export { LEGAL_DIALOG_DOCUMENTS, type LegalDocument, legalDocumentUrl, privacyDocumentFor } from './legal.ts';
export { MenuButton, type MenuButtonProps } from './MenuButton.tsx';
export { Modal, type ModalProps } from './Modal.tsx';
export {
  isActivePath,
  type MenuItem,
  type MenuKey,
  type MenuOptions,
  menuItems,
  SIDEBAR_BREAKPOINT,
  type SidebarState,
  showsPendingCount,
  sidebarState,
} from './menu.ts';
export { toastMessages } from './messages.ts';
export { NotFoundPage } from './NotFoundPage.tsx';
export { PagePlaceholder } from './PagePlaceholder.tsx';
export { SessionExpiringModal, type SessionExpiringModalProps } from './SessionExpiringModal.tsx';
export { SideMenu, type SideMenuProps } from './SideMenu.tsx';
export { clampSessionSeconds, SESSION_SECONDS_MAX } from './sessionSeconds.ts';
export { injectStyles, injectStylesheet } from './styles.ts';
export { Toaster } from './Toaster.tsx';
export { TopBar, type TopBarProps, UserMenu } from './TopBar.tsx';
export { TrialBanner, type TrialNotice } from './TrialBanner.tsx';
export {
  type ToastItem,
  type ToastKind,
  type ToastMessage,
  type ToastOptions,
  type ToastPromiseMessages,
  toast,
  useToasts,
} from './toast.ts';
export { pageTitle, usePageTitle } from './usePageTitle.ts';
