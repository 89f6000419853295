// The placeholder of a table while its grid (a lazy chunk) or its rows load: the page's own toolbar controls
// stay usable, the rows are grey bars.
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

export interface TableSkeletonProps {
  label: string;
  toolbar?: ReactNode;
  rows?: number;
  columns?: number;
}

/** Keys for n placeholder items (nothing identifies a placeholder but its place). */
const placeholders = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

export function TableSkeleton({ label, toolbar, rows = 5, columns = 4 }: TableSkeletonProps) {
  const bars = placeholders('c', columns);
  return (
    <div className="pt-table__skeleton" aria-busy="true" data-testid="table-skeleton">
      {toolbar ? <div className="pt-table__toolbar pt-table__toolbar--custom">{toolbar}</div> : null}
      <div className="pt-table__skeleton-grid" role="status" aria-label={label}>
        <span className="pt-sr-only">
          <Trans>Caricamento in corso</Trans>
        </span>
        {placeholders('r', rows + 1).map((row) => (
          <div
            key={row}
            className={row === 'r0' ? 'pt-table__skeleton-row pt-table__skeleton-row--head' : 'pt-table__skeleton-row'}
          >
            {bars.map((bar) => (
              <span key={bar} className="pt-table__skeleton-bar" />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
