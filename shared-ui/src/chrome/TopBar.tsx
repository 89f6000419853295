// The top bar (spec section 2, "Layout"): logo to the role's home, language switcher, user menu; on a phone, first,
// the button of the side menu (the shell's).
import { useLingui } from '@lingui/react/macro';
import type { UserProfile } from '@patrimonio/shared-api';
import { LifeBuoy, LogOut, User } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '../navigation.ts';
import { homeFor } from '../routes.ts';
import { TourLauncher } from '../tour/TourLauncher.tsx';
import { ClientSwitcher, hasClientSwitcher } from './ClientSwitcher.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { Logo } from './Logo.tsx';
import { ROLE_LABELS } from './labels.ts';
import { MenuButton } from './MenuButton.tsx';

/** Up to two initials of the name, for the avatar. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters
    .map((w) => Array.from(w ?? '')[0] ?? '')
    .join('')
    .toUpperCase();
}

/** Profile page: none for ADMIN, /infos for BASIC, /profile for the others. */
export function profilePathFor(role: UserProfile['role']): string | null {
  if (role === 'ADMIN') return null;
  return role === 'BASIC' ? '/infos' : '/profile';
}

export function UserMenu({ user, onLogout }: { user: UserProfile; onLogout: () => void }) {
  const { t, i18n } = useLingui();
  const role = i18n._(ROLE_LABELS[user.role]);
  const profile = profilePathFor(user.role);
  return (
    <MenuButton
      className="pt-user-menu"
      label={
        <>
          <span className="pt-avatar" aria-hidden="true">
            {initialsOf(user.name)}
          </span>
          <span className="pt-user-button__text">
            <span className="pt-user-button__name">{user.name}</span>{' '}
            <span className="pt-user-button__role">{role}</span>
          </span>
          <span className="pt-sr-only">{t`, menu utente`}</span>
        </>
      }
      // Named by its content, the text shown (name and role) first, as speech input users say it, then what it
      // opens in hidden text: an aria-label that differs from the text shown fails WCAG 2.5.3 (axe
      // label-content-name-mismatch).
      buttonProps={{ 'data-testid': 'user-menu' }}
      header={
        <>
          <span className="pt-menu__header-name">{user.name}</span>
          <span className="pt-menu__header-role">{role}</span>
        </>
      }
    >
      {(close) => (
        <>
          {profile ? (
            <Link to={profile} role="menuitem" tabIndex={-1} className="pt-menu__item" onClick={close}>
              <User size={16} aria-hidden="true" />
              {t`Profilo`}
            </Link>
          ) : null}
          <Link to="/support" role="menuitem" tabIndex={-1} className="pt-menu__item" onClick={close}>
            <LifeBuoy size={16} aria-hidden="true" />
            {t`Segnala un ticket`}
          </Link>
          <hr className="pt-menu__separator" />
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="pt-menu__item"
            data-testid="logout"
            onClick={() => {
              close();
              onLogout();
            }}
          >
            <LogOut size={16} aria-hidden="true" />
            {t`Esci`}
          </button>
        </>
      )}
    </MenuButton>
  );
}

export interface TopBarProps {
  user: UserProfile;
  onLogout: () => void;
  /** Before the logo: the button that opens the side menu on a phone (AppShell's). */
  menuButton?: ReactNode;
}

export function TopBar({ user, onLogout, menuButton }: TopBarProps) {
  const { t } = useLingui();
  return (
    <header className="pt-topbar">
      {menuButton}
      <Link to={homeFor(user.role)} className="pt-topbar__logo" aria-label={t`Patrimonio, pagina iniziale`}>
        <Logo />
      </Link>
      {hasClientSwitcher(user.role) ? <ClientSwitcher user={user} /> : null}
      <div className="pt-topbar__spacer" />
      <div className="pt-topbar__actions">
        <TourLauncher />
        <LanguageSwitcher />
        <UserMenu user={user} onLogout={onLogout} />
      </div>
    </header>
  );
}
