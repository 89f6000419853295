// The menu of a column header: sort ascending or descending, a filter by the column's type (text contains,
// number range, date range), narrow or widen the column (the keyboard's way to resize it, issue 22), hide the column.
// A small dialog under the header; Escape or a press outside closes it and focus goes back where it was.
import { useLingui } from '@lingui/react/macro';
import { ArrowDown, ArrowUp, ChevronsLeftRight, ChevronsRightLeft, EyeOff, X } from 'lucide-react';
import {
  type FormEvent,
  type InputHTMLAttributes,
  type RefObject,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { trapTab, useOutsidePress, useReturnFocus } from '../chrome/a11y.ts';
import { DatePicker } from '../forms/DatePicker.tsx';
import type { TableColumn } from './index.ts';
import { type ColumnFilter, filterKindOf, type SortDirection, type SortState } from './model.ts';
import { RESIZE_MAX, RESIZE_MIN, RESIZE_STEP } from './storage.ts';

export interface ColumnMenuProps<T> {
  column: TableColumn<T>;
  /** The header's menu button: the menu opens under it. */
  anchor: HTMLElement;
  /** The positioned ancestor the menu is placed in. */
  container: HTMLElement;
  sort: SortState | null;
  filter: ColumnFilter | undefined;
  canHide: boolean;
  /** The column's width in px as drawn, or as the user gave it. */
  width: number;
  onSort: (direction: SortDirection | null) => void;
  /** A new width for the column, kept for the table as a width given by dragging the header's border. */
  onWidth: (width: number) => void;
  onFilter: (filter: ColumnFilter | null) => void;
  onHide: () => void;
  onClose: () => void;
}

const MENU_WIDTH = 280;

const parseNumber = (s: string): number | null => {
  const t = s.trim().replace(',', '.');
  if (!t) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
};

const NUMBER_INPUT = { inputMode: 'decimal' } as const;

interface FilterFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  testId: string;
  /** The menu's first field, focused when it opens. */
  first?: RefObject<HTMLInputElement | null>;
  input?: InputHTMLAttributes<HTMLInputElement>;
}

/** One labelled input of a column filter (text or a number bound; a date bound is a DatePicker). */
function FilterField({ label, value, onChange, testId, first, input = { type: 'text' } }: FilterFieldProps) {
  return (
    <label className="pt-table__menu-field">
      <span>{label}</span>
      <input
        ref={first}
        className="pt-input"
        {...input}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      />
    </label>
  );
}

export function ColumnMenu<T>(props: ColumnMenuProps<T>) {
  const { column, anchor, container, sort, filter, canHide, width, onSort, onWidth, onFilter, onHide, onClose } = props;
  const { t } = useLingui();
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const first = useRef<HTMLInputElement>(null);
  const [position, setPosition] = useState({ top: 0, left: 0 });
  const kind = filterKindOf(column);
  const [text, setText] = useState(filter?.kind === 'text' ? filter.value : '');
  const [min, setMin] = useState(filter?.kind === 'number' && filter.min !== null ? String(filter.min) : '');
  const [max, setMax] = useState(filter?.kind === 'number' && filter.max !== null ? String(filter.max) : '');
  const [from, setFrom] = useState(filter?.kind === 'date' ? filter.from : null);
  const [to, setTo] = useState(filter?.kind === 'date' ? filter.to : null);

  useReturnFocus(true);
  useOutsidePress([ref], true, (event) => {
    // A press on the same header button toggles the menu: the button's own click closes it.
    if (event.target instanceof Node && anchor.contains(event.target)) return;
    onClose();
  });

  useLayoutEffect(() => {
    const a = anchor.getBoundingClientRect();
    const c = container.getBoundingClientRect();
    const left = Math.max(0, Math.min(a.right - c.left - MENU_WIDTH, c.width - MENU_WIDTH));
    setPosition({ top: a.bottom - c.top + 6, left });
  }, [anchor, container]);

  useEffect(() => {
    // A date bound is a DatePicker (no ref): its text input is the form's first input.
    if (column.filterable !== false)
      (first.current ?? ref.current?.querySelector<HTMLInputElement>('.pt-table__menu-form input'))?.focus();
    else ref.current?.querySelector<HTMLElement>('button')?.focus();
  }, [column.filterable]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (kind === 'text') onFilter(text.trim() ? { kind: 'text', value: text } : null);
    else if (kind === 'number') {
      const lo = parseNumber(min);
      const hi = parseNumber(max);
      onFilter(lo === null && hi === null ? null : { kind: 'number', min: lo, max: hi });
    } else onFilter(from || to ? { kind: 'date', from, to } : null);
    onClose();
  };

  // Narrower and wider by a step, within the widths a resized column keeps.
  const widthSteps = [
    {
      by: -RESIZE_STEP,
      allowed: width > RESIZE_MIN,
      Icon: ChevronsRightLeft,
      label: t`Restringi colonna`,
      testId: 'table-column-narrow',
    },
    {
      by: RESIZE_STEP,
      allowed: width < RESIZE_MAX,
      Icon: ChevronsLeftRight,
      label: t`Allarga colonna`,
      testId: 'table-column-widen',
    },
  ];
  const sortable = column.sortable !== false;
  const active = (d: SortDirection) => sort?.key === column.key && sort.direction === d;

  return (
    <div
      ref={ref}
      className="pt-table__menu"
      role="dialog"
      aria-labelledby={titleId}
      style={{ top: position.top, left: position.left, width: MENU_WIDTH }}
      data-testid="table-column-menu"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          onClose();
        } else trapTab(event, ref.current);
      }}
    >
      <div className="pt-table__menu-head">
        <h3 id={titleId} className="pt-table__menu-title">
          {column.title}
        </h3>
        <button type="button" className="pt-icon-btn" aria-label={t`Chiudi`} onClick={onClose}>
          <X size={16} aria-hidden="true" />
        </button>
      </div>
      {sortable ? (
        <div className="pt-table__menu-row">
          <button
            type="button"
            className="pt-btn pt-btn--ghost pt-table__menu-btn"
            aria-pressed={active('asc')}
            onClick={() => {
              onSort(active('asc') ? null : 'asc');
              onClose();
            }}
          >
            <ArrowUp size={16} aria-hidden="true" />
            {t`Crescente`}
          </button>
          <button
            type="button"
            className="pt-btn pt-btn--ghost pt-table__menu-btn"
            aria-pressed={active('desc')}
            onClick={() => {
              onSort(active('desc') ? null : 'desc');
              onClose();
            }}
          >
            <ArrowDown size={16} aria-hidden="true" />
            {t`Decrescente`}
          </button>
        </div>
      ) : null}
      {column.filterable !== false ? (
        <form className="pt-table__menu-form" onSubmit={apply}>
          {kind === 'text' ? (
            <FilterField label={t`Contiene`} value={text} onChange={setText} testId="table-filter-text" first={first} />
          ) : (
            <div className={kind === 'date' ? 'pt-table__menu-dates' : 'pt-table__menu-pair'}>
              {kind === 'number' ? (
                <>
                  <FilterField
                    label={t`Minimo`}
                    value={min}
                    onChange={setMin}
                    testId="table-filter-min"
                    first={first}
                    input={NUMBER_INPUT}
                  />
                  <FilterField
                    label={t`Massimo`}
                    value={max}
                    onChange={setMax}
                    testId="table-filter-max"
                    input={NUMBER_INPUT}
                  />
                </>
              ) : (
                // Day first as everywhere (issue 22), typed or from the browser's calendar; an invalid date keeps
                // the form from being applied (its custom validity).
                (
                  [
                    [t`Dal`, from, setFrom, 'table-filter-from'],
                    [t`Al`, to, setTo, 'table-filter-to'],
                  ] as const
                ).map(([label, value, onChange, testId]) => (
                  <DatePicker
                    key={testId}
                    label={label}
                    value={value}
                    onChange={onChange}
                    quickYears={false}
                    className="pt-table__menu-date"
                    data-testid={testId}
                  />
                ))
              )}
            </div>
          )}
          <div className="pt-table__menu-actions">
            <button
              type="button"
              className="pt-btn pt-btn--ghost"
              onClick={() => {
                onFilter(null);
                onClose();
              }}
              data-testid="table-filter-clear"
            >
              {t`Azzera`}
            </button>
            <button type="submit" className="pt-btn pt-btn--primary" data-testid="table-filter-apply">
              {t`Applica`}
            </button>
          </div>
        </form>
      ) : null}
      <div className="pt-table__menu-row pt-table__menu-width">
        {widthSteps.map((step) => (
          <button
            key={step.testId}
            type="button"
            className="pt-btn pt-btn--ghost pt-table__menu-btn"
            aria-disabled={!step.allowed}
            onClick={() => {
              if (step.allowed) onWidth(width + step.by);
            }}
            data-testid={step.testId}
          >
            <step.Icon size={16} aria-hidden="true" />
            {step.label}
          </button>
        ))}
      </div>
      <output className="pt-table__menu-note" aria-live="polite" data-testid="table-column-width">
        {t`Larghezza: ${width} px`}
      </output>
      {canHide ? (
        <button
          type="button"
          className="pt-btn pt-btn--ghost pt-table__menu-btn pt-table__menu-hide"
          onClick={() => {
            onHide();
            onClose();
          }}
        >
          <EyeOff size={16} aria-hidden="true" />
          {t`Nascondi colonna`}
        </button>
      ) : null}
    </div>
  );
}
