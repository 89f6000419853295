// Loading skeletons, the error notice with a retry, and the page header shared by this app's pages.
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/** Grey placeholder blocks while data loads; hidden from assistive technology (the region is aria-busy). */
export function Skeleton({ height = 16, width = '100%' }: { height?: number; width?: number | string }) {
  return <span className="pt-ov-skeleton" style={{ height, width }} aria-hidden="true" />;
}

export function ErrorState({ onRetry, children }: { onRetry?: () => void; children?: ReactNode }) {
  return (
    <div className="pt-ov-notice pt-ov-notice--error" role="alert" data-testid="error-state">
      <p>{children ?? <Trans>Non è stato possibile caricare i dati. Riprova tra qualche istante.</Trans>}</p>
      {onRetry ? (
        <button type="button" className="pt-btn pt-btn--secondary" onClick={onRetry}>
          <Trans>Riprova</Trans>
        </button>
      ) : null}
    </div>
  );
}

export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className="pt-ov-header">
      <div>
        <h1 className="pt-ov-header__title">{title}</h1>
        {subtitle ? <p className="pt-ov-header__subtitle">{subtitle}</p> : null}
      </div>
      {actions ? <div className="pt-ov-header__actions">{actions}</div> : null}
    </header>
  );
}
