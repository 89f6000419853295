// The states of data being loaded: a loading line or skeleton, the error notice (with a retry when given), the
// empty state, or the content.
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/** Grey placeholder block while data loads; hidden from assistive technology (the region is aria-busy). */
export function Skeleton({ height = 16, width = '100%' }: { height?: number; width?: number | string }) {
  return <span className="pt-skeleton" style={{ height, width }} aria-hidden="true" />;
}

/** The error notice of a query that failed, with a retry button when the caller can refetch. */
export function ErrorState({ onRetry, children }: { onRetry?: () => void; children?: ReactNode }) {
  return (
    <div className="pt-notice pt-notice--error" role="alert" data-testid="error-state">
      <p>{children ?? <Trans>Impossibile caricare i dati. Riprova tra qualche istante.</Trans>}</p>
      {onRetry ? (
        <button type="button" className="pt-btn pt-btn--secondary" onClick={onRetry}>
          <Trans>Riprova</Trans>
        </button>
      ) : null}
    </div>
  );
}

/** The empty state: a title, a sentence and the actions that fill the page. */
export function EmptyState(props: {
  title?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <div className="pt-empty" data-testid={props['data-testid']}>
      {props.title ? <h2 className="pt-empty__title">{props.title}</h2> : null}
      {props.children}
      {props.actions ? <div className="pt-empty__actions">{props.actions}</div> : null}
    </div>
  );
}

export interface QueryStateProps {
  loading: boolean;
  error: unknown;
  /** Shown instead of the content when set and the data is there but empty. */
  empty?: ReactNode;
  isEmpty?: boolean;
  /** Shown while loading; a muted "Caricamento…" line by default. */
  skeleton?: ReactNode;
  /** Shown on error; the standard message by default. */
  errorText?: ReactNode;
  /** Offers a retry on error. */
  onRetry?: () => void;
  children: ReactNode;
}

/** Loading, error and empty states of a query, or the content. */
export function QueryState(props: QueryStateProps) {
  if (props.loading)
    return (
      props.skeleton ?? (
        <p className="pt-muted" aria-busy="true">
          <Trans>Caricamento…</Trans>
        </p>
      )
    );
  if (props.error) {
    if (props.onRetry || props.errorText) return <ErrorState onRetry={props.onRetry}>{props.errorText}</ErrorState>;
    return (
      <p className="pt-error" role="alert">
        <Trans>Impossibile caricare i dati. Riprova tra qualche istante.</Trans>
      </p>
    );
  }
  if (props.isEmpty && props.empty) return <>{props.empty}</>;
  return <>{props.children}</>;
}
