// What the admin's list pages share: the page with its heading and, for a role the page is not for, the notice in
// place of its content; whether the signed-in user's role may; the filters kept in the URL and their selects; the
// record a create-or-edit dialog is open for; a table's delete action. Every admin page imports this module, so the
// admin's stylesheet goes into the document with it.
import { Trans, useLingui } from '@lingui/react/macro';
import type { RequestOf, RouteName } from '@patrimonio/shared-api';
import {
  ErrorState,
  navigate,
  PageHeader,
  type PageHeaderProps,
  Select,
  type SelectOption,
  type SelectProps,
  type TableAction,
  type ToastMessage,
  useApiMutation,
  useLocation,
  useSession,
} from '@patrimonio/shared-ui';
import { type ReactNode, useState } from 'react';
import { type NamedRecord, recordOptions } from './logic.ts';
import { injectAdminStyles } from './styles.ts';

injectAdminStyles();

/** An admin page: its heading with its actions, then its content; or, refused, the notice in place of both. */
export function AdminPage(props: {
  title: PageHeaderProps['title'];
  subtitle?: ReactNode;
  /** The page's own actions (a "new" button), offered only when the page is not refused. */
  actions?: ReactNode;
  /** Why the signed-in user may not use the page, said in place of its content; unset when the page is theirs. */
  refused?: ReactNode;
  children?: ReactNode;
  'data-testid': string;
}) {
  return (
    <div className="pt-page pt-stack" data-testid={props['data-testid']}>
      <PageHeader title={props.title} subtitle={props.subtitle} actions={props.refused ? null : props.actions} />
      {props.refused ? <ErrorState>{props.refused}</ErrorState> : props.children}
    </div>
  );
}

/** Whether the signed-in user's role may, by one of shared-api's rules (mayUseFileExchange, mayManageServers). */
export function useMay(may: (role: string) => boolean): boolean {
  const { user } = useSession();
  return user !== null && may(user.role);
}

/** A list's filters kept in the URL: read from its query, and set by replacing it (no new history entry). */
export function useUrlFilters<F>(read: (search: string) => F, path: (filters: F) => string) {
  const { search } = useLocation();
  const filters = read(search);
  const setFilters = (next: Partial<F>) => navigate(path({ ...filters, ...next }), { replace: true });
  return [filters, setFilters] as const;
}

/** What a filter's select binds: its value, options and change ('' is every value). */
type FilterBinding<V extends string> = Pick<SelectProps<V>, 'value' | 'options' | 'onChange'>;

/** A filter's select of a record (a counterpart, a server): '' is every record. */
export const recordFilter = (
  records: readonly NamedRecord[] | undefined,
  value: number | null,
  set: (id: number | null) => void,
): FilterBinding<string> => ({
  value: value === null ? '' : String(value),
  options: recordOptions(records),
  onChange: (v: string) => set(v ? Number(v) : null),
});

/** A filter's select of a code in words (a status, a kind): '' is every code. */
export const codeFilter = <V extends string>(
  options: SelectOption<V>[],
  value: V | null,
  set: (code: V | null) => void,
): FilterBinding<V> => ({ value: value ?? '', options, onChange: (v) => set(v || null) });

/** A list's filter by status, kept in the URL: the statuses in words, or every one. */
export function StatusFilter<S extends string>(props: {
  options: SelectOption<S>[];
  value: S | null;
  onChange: (status: S | null) => void;
}) {
  const { t } = useLingui();
  return (
    <Select
      label={<Trans>Stato</Trans>}
      name="status"
      data-testid="filter-status"
      placeholder={t`Tutti`}
      {...codeFilter(props.options, props.value, props.onChange)}
    />
  );
}

/** What a table shows of a query: its rows by id, its loading state and its failure in words. */
interface TableRows<R extends { id: number }> {
  rows: readonly R[] | undefined;
  rowKey: (row: R) => number;
  loading: boolean;
  error: string | null;
}

/** A table's rows from a query of the whole list; `failed` when the query fails. */
export const listRows = <R extends { id: number }>(
  query: { data?: readonly R[]; isLoading: boolean; error: unknown },
  failed: string,
): TableRows<R> => ({
  rows: query.data,
  rowKey: (r) => r.id,
  loading: query.isLoading,
  error: query.error ? failed : null,
});

/** A table's rows from a query of a page ({ item }); `failed` when it has no rows: a failed refetch keeps them. */
export const pageRows = <R extends { id: number }>(
  query: { data?: { item: readonly R[] }; isLoading: boolean; error: unknown },
  failed: string,
): TableRows<R> => ({
  rows: query.data?.item,
  rowKey: (r) => r.id,
  loading: query.isLoading,
  error: query.error && !query.data ? failed : null,
});

/** The record a create-or-edit dialog is open for: one of the table's, a new one, or none (the dialog closed). */
export function useEditing<T>() {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  return {
    open: editing !== null,
    /** The record edited; null for a new one. */
    record: editing === 'new' ? null : editing,
    edit: (record: T) => setEditing(record),
    add: () => setEditing('new'),
    close: () => setEditing(null),
  };
}

/**
 * A table's delete action: the two-step confirmation, then the row deleted by its id with the `deleted` toast (or the
 * `error` one) and the answers it changes refetched.
 */
export function useDeleteAction<N extends RouteName, R extends { id: number }>(
  route: N,
  options: {
    deleted: ToastMessage;
    /** The toast of a refused delete (a 409 in words); the generic one when it gives none. */
    error?: (e: unknown) => ToastMessage | undefined;
    invalidate: readonly RouteName[];
  },
): TableAction<R> {
  const { t } = useLingui();
  const remove = useApiMutation(route, {
    success: options.deleted,
    error: options.error,
    invalidate: options.invalidate,
  });
  return {
    id: 'delete',
    label: t`Elimina`,
    icon: 'delete',
    confirm: true,
    // A delete route's request is the id alone; TypeScript cannot tell that of a route name it does not know yet.
    onClick: (r) => remove.mutate({ params: { id: r.id } } as unknown as RequestOf<N>),
  };
}
