// The legal documents dialog: five documents, each opening in a new tab in the current language.
import { useLingui } from '@lingui/react/macro';
import { ExternalLink, FileText } from 'lucide-react';
import { LEGAL_LABELS } from './labels.ts';
import { LEGAL_DIALOG_DOCUMENTS, legalDocumentUrl } from './legal.ts';
import { Modal } from './Modal.tsx';

export function LegalDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale === 'en' ? 'en' : 'it';
  return (
    <Modal open={open} onClose={onClose} title={t`Documenti legali`} data-testid="legal-dialog">
      <ul className="pt-doc-list">
        {LEGAL_DIALOG_DOCUMENTS.map((doc) => (
          <li key={doc}>
            <a
              href={legalDocumentUrl(doc, locale)}
              target="_blank"
              rel="noopener noreferrer"
              data-testid={`legal-${doc}`}
            >
              <FileText size={18} aria-hidden="true" />
              <span className="pt-doc-list__name">{i18n._(LEGAL_LABELS[doc])}</span>
              <ExternalLink size={16} aria-hidden="true" />
              <span className="pt-sr-only">{t`(si apre in una nuova scheda)`}</span>
            </a>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
