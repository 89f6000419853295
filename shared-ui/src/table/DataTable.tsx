// PLACEHOLDER until the tables work package lands: a plain HTML table with the DataTable props, so pages can be
// built against the final API. Replaced by the Handsontable implementation (lazy chunk).
import type { DataTableProps } from './index.ts';

export function DataTable<T>(props: DataTableProps<T>) {
  if (props.loading) return <p aria-busy="true">…</p>;
  if (props.error) return <p role="alert">{props.error}</p>;
  const rows = props.rows ?? [];
  if (!rows.length) return <p>{props.emptyText}</p>;
  return (
    <div>
      {props.toolbar}
      <table aria-label={props.label}>
        <thead>
          <tr>
            {props.columns.map((c) => (
              <th key={c.key}>{c.title}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={props.rowKey(r)} onClick={() => props.onRowClick?.(r)}>
              {props.columns.map((c) => (
                <td key={c.key}>{String(c.value(r) ?? '')}</td>
              ))}
              {props.actions?.map((a) =>
                a.hidden?.(r) ? null : (
                  <td key={a.id}>
                    <button type="button" onClick={() => a.onClick(r)}>
                      {a.label}
                    </button>
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
