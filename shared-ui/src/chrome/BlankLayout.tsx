// Layout of the public pages (login, registration, token error): a centred card with the logo, and the
// language switcher.
import type { ReactNode } from 'react';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { Logo } from './Logo.tsx';

export function BlankLayout({ children }: { children: ReactNode }) {
  const year = new Date().getFullYear();
  return (
    <div className="pt-blank" data-testid="blank-layout">
      <div className="pt-blank__bar">
        <LanguageSwitcher />
      </div>
      <main className="pt-blank__main">
        <div className="pt-blank__card">
          <div className="pt-blank__logo">
            <Logo size="lg" />
          </div>
          {children}
        </div>
      </main>
      <footer className="pt-blank__footer">© {year} Patrimonio</footer>
    </div>
  );
}
