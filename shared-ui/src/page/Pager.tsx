// The pages of a list the server pages (page and size in the request, the total in the answer): the rows shown,
// previous and next. The shared table pages the rows it holds; a list asked page by page (the human-capital tables,
// 5 rows each) puts this under its table and turns the table's own controls off (DataTable pager={false}).
import { useLingui } from '@lingui/react/macro';
import { ChevronLeft, ChevronRight } from 'lucide-react';

/** How many pages `total` rows make at `size` a page (at least 1, so an empty list reads "page 1 of 1"). */
export const countPages = (total: number, size: number): number => Math.max(1, Math.ceil(total / Math.max(1, size)));

export interface PagerProps {
  /** 1-based, as the API counts. */
  page: number;
  size: number;
  total: number;
  onChange: (page: number) => void;
  /** While the next page loads: the buttons wait. */
  busy?: boolean;
  /** Accessible name of the navigation ("Pagine dei flussi"). */
  label: string;
  'data-testid'?: string;
}

export function Pager(props: PagerProps) {
  const { t } = useLingui();
  const { page, size, total } = props;
  const pageCount = countPages(total, size);
  const from = total ? (page - 1) * size + 1 : 0;
  const to = Math.min(total, page * size);
  const pageNumber = page;
  return (
    <nav className="pt-table__pager pt-pager" aria-label={props.label} data-testid={props['data-testid']}>
      <span className="pt-table__range" aria-live="polite">
        {t`${from}–${to} di ${total}`}
      </span>
      <div className="pt-table__pages">
        <button
          type="button"
          className="pt-icon-btn"
          aria-label={t`Pagina precedente`}
          disabled={page <= 1 || props.busy}
          onClick={() => props.onChange(page - 1)}
          data-testid="pager-prev"
        >
          <ChevronLeft size={18} aria-hidden="true" />
        </button>
        <span className="pt-table__page-of">{t`Pagina ${pageNumber} di ${pageCount}`}</span>
        <button
          type="button"
          className="pt-icon-btn"
          aria-label={t`Pagina successiva`}
          disabled={page >= pageCount || props.busy}
          onClick={() => props.onChange(page + 1)}
          data-testid="pager-next"
        >
          <ChevronRight size={18} aria-hidden="true" />
        </button>
      </div>
    </nav>
  );
}
