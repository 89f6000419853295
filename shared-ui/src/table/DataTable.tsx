// DataTable: the light part that every page bundle can import. The table itself (Handsontable, the toolbar, the
// paging) is a separate chunk loaded on first use (React.lazy), so pages without a table never download it; a
// skeleton shows meanwhile. A failed chunk load shows an error with a retry.
import { Trans } from '@lingui/react/macro';
import { Component, type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import type { DataTableProps } from './index.ts';
import { TableSkeleton } from './TableSkeleton.tsx';

type AnyTable = ComponentType<DataTableProps<unknown>>;

const loadTable = () =>
  lazy<AnyTable>(() =>
    import(/* webpackChunkName: "table" */ './DataTableImpl.tsx').then((m) => ({
      default: m.DataTableImpl as AnyTable,
    })),
  );

/** One lazy component for all tables; replaced after a failed load so that a retry imports again. */
let LazyTable = loadTable();

class ChunkBoundary extends Component<{ fallback: (retry: () => void) => ReactNode; children: ReactNode }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  retry = () => {
    LazyTable = loadTable();
    this.setState({ failed: false });
  };
  override render() {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}

/**
 * The table of every list: search, column filters, sorting, column visibility, row selection, paging
 * (5, 10, 20, 50, all), virtualisation above 20 rows, two-step actions and XLSX export. See index.ts for the props.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  // Re-render after a retry (the boundary swaps the lazy component).
  const [, setAttempt] = useState(0);
  const Table = LazyTable as unknown as ComponentType<DataTableProps<T>>;
  return (
    <div className="pt-table" data-testid={`table-${props.id}`}>
      <ChunkBoundary
        fallback={(retry) => (
          <div className="pt-table__state pt-table__state--error" role="alert">
            <p>
              <Trans>Impossibile caricare la tabella.</Trans>
            </p>
            <button
              type="button"
              className="pt-btn pt-btn--secondary"
              onClick={() => {
                retry();
                setAttempt((n) => n + 1);
              }}
            >
              <Trans>Riprova</Trans>
            </button>
          </div>
        )}
      >
        <Suspense fallback={<TableSkeleton label={props.label} toolbar={props.toolbar} />}>
          <Table {...props} />
        </Suspense>
      </ChunkBoundary>
    </div>
  );
}
