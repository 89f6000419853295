// The footer (spec section 2, "Layout"): copyright with the current year, version labels, and links to the
// privacy notice, the legal documents, ticket reporting and the Q&A guide.
import { useLingui } from '@lingui/react/macro';
import type { Role } from '@patrimonio/shared-api';
import { useState } from 'react';
import { Link } from '../navigation.ts';
import { openGuide } from './guideStore.ts';
import { LegalDialog } from './LegalDialog.tsx';
import { legalDocumentUrl, privacyDocumentFor } from './legal.ts';

/** The portal version from the build, e.g. "0.1.2". */
export const PORTAL_VERSION: string = typeof __PORTAL_VERSION__ === 'string' ? __PORTAL_VERSION__ : '0.0.0';

export interface FooterProps {
  role: Role | null;
  serverVersion: string | null;
}

export function Footer({ role, serverVersion }: FooterProps) {
  const { t, i18n } = useLingui();
  const [legalOpen, setLegalOpen] = useState(false);
  const locale = i18n.locale === 'en' ? 'en' : 'it';
  const year = new Date().getFullYear();
  const version = PORTAL_VERSION;
  return (
    <footer className="pt-footer">
      <div className="pt-footer__meta">
        <span>© {year} Patrimonio</span>
        <span className="pt-footer__version" data-testid="footer-version">
          v{version}
          {serverVersion ? ` · ${t`server ${serverVersion}`}` : null}
        </span>
      </div>
      <nav aria-label={t`Collegamenti del piè di pagina`}>
        <ul className="pt-footer__links">
          <li>
            <a
              className="pt-footer__link"
              href={legalDocumentUrl(privacyDocumentFor(role), locale)}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="footer-privacy"
            >
              {t`Informativa privacy`}
              <span className="pt-sr-only">{t`(si apre in una nuova scheda)`}</span>
            </a>
          </li>
          <li>
            <button
              type="button"
              className="pt-footer__link"
              onClick={() => setLegalOpen(true)}
              aria-haspopup="dialog"
              data-testid="footer-legal"
            >
              {t`Documenti legali`}
            </button>
          </li>
          <li>
            <Link className="pt-footer__link" to="/support" data-testid="footer-support">
              {t`Segnala un ticket`}
            </Link>
          </li>
          <li>
            <button
              type="button"
              className="pt-footer__link"
              onClick={() => openGuide()}
              aria-haspopup="dialog"
              data-testid="footer-guide"
            >
              {t`Guida Q&A`}
            </button>
          </li>
        </ul>
      </nav>
      <LegalDialog open={legalOpen} onClose={() => setLegalOpen(false)} />
    </footer>
  );
}
