// The 404 page (spec section 2): title, subtitle and a back button to the given path.

import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { ArrowLeft } from 'lucide-react';
import { Link } from '../navigation.ts';
import { usePageTitle } from './usePageTitle.ts';

const TITLE = msg`Pagina non trovata`;

export function NotFoundPage({ backTo }: { backTo: string }) {
  usePageTitle(TITLE);
  return (
    <div className="pt-not-found" data-testid="not-found">
      <span className="pt-not-found__code" aria-hidden="true">
        404
      </span>
      <h1 className="pt-not-found__title">
        <Trans>Pagina non trovata</Trans>
      </h1>
      <p className="pt-not-found__subtitle">
        <Trans>La pagina che cerchi non esiste, è stata spostata o non è disponibile per il tuo profilo.</Trans>
      </p>
      <Link to={backTo} className="pt-btn pt-btn--primary" data-testid="not-found-back">
        <ArrowLeft size={18} aria-hidden="true" />
        <Trans>Torna indietro</Trans>
      </Link>
    </div>
  );
}
