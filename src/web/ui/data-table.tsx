// The back office's table (TanStack Table for the model, our own markup): a caption, column headers
// that sort on the server when the column has a sort key (aria-sort says which way), one row header
// per row, and on narrow screens each row becomes a card whose cells carry their column's name.
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type RowData,
  type SortingState,
  type Updater,
  useReactTable,
} from "@tanstack/react-table";
import { useMemo } from "react";
import styles from "./data-table.module.css";

declare module "@tanstack/react-table" {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** this column names the row: its cells are <th scope="row"> */
    rowHeader?: boolean;
    /** the key the list endpoint sorts by (`sort=name`, `sort=-name`); absent: not sortable */
    sortKey?: string;
  }
}

export type DataTableColumn<T> = ColumnDef<T, unknown> & { header: string };

type Props<T> = {
  caption: string;
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  rowId: (row: T) => string;
  /** the current sort as the address holds it ("name", "-name"), and how to change it */
  sort?: { value: string; onChange: (next: string) => void };
  /** newer rows are on their way: the table says so to assistive technology */
  busy?: boolean;
};

export function sortingOf(sort: string, columns: readonly DataTableColumn<never>[]): SortingState {
  const desc = sort.startsWith("-");
  const key = desc ? sort.slice(1) : sort;
  const column = columns.find((c) => c.meta?.sortKey === key);
  return column?.id ? [{ id: column.id, desc }] : [];
}

export function DataTable<T>({ caption, columns, rows, rowId, sort, busy }: Props<T>) {
  const sorting = useMemo(
    () => (sort ? sortingOf(sort.value, columns as readonly DataTableColumn<never>[]) : []),
    [sort, columns],
  );
  const table = useReactTable<T>({
    data: rows as T[],
    columns: columns as ColumnDef<T, unknown>[],
    getRowId: rowId,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    state: { sorting },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = typeof updater === "function" ? updater(sorting) : updater;
      const first = next[0];
      const key = columns.find((c) => c.id === first?.id)?.meta?.sortKey;
      if (first && key && sort) sort.onChange(first.desc ? `-${key}` : key);
    },
  });

  return (
    <table className={styles.table} aria-busy={busy || undefined}>
      <caption className={styles.caption}>{caption}</caption>
      <thead className={styles.head}>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {group.headers.map((header) => {
              const column = header.column;
              const sortable = Boolean(sort && column.columnDef.meta?.sortKey);
              const direction = column.getIsSorted();
              return (
                <th
                  key={header.id}
                  scope="col"
                  aria-sort={
                    direction === "asc"
                      ? "ascending"
                      : direction === "desc"
                        ? "descending"
                        : undefined
                  }
                >
                  {sortable ? (
                    <button
                      type="button"
                      className={styles.sortButton}
                      onClick={() => column.toggleSorting(direction === "asc")}
                    >
                      {column.columnDef.header as string}
                      <span aria-hidden="true" className={styles.sortMark}>
                        {direction === "asc" ? "▲" : direction === "desc" ? "▼" : "↕"}
                      </span>
                    </button>
                  ) : (
                    flexRender(column.columnDef.header, header.getContext())
                  )}
                </th>
              );
            })}
          </tr>
        ))}
      </thead>
      <tbody>
        {table.getRowModel().rows.map((row) => (
          <tr key={row.id} className={styles.row}>
            {row.getVisibleCells().map((cell) => {
              const content = flexRender(cell.column.columnDef.cell, cell.getContext());
              if (cell.column.columnDef.meta?.rowHeader) {
                return (
                  <th key={cell.id} scope="row" className={styles.rowHeader}>
                    {content}
                  </th>
                );
              }
              return (
                <td key={cell.id} className={styles.cell}>
                  <span className={styles.cellLabel} aria-hidden="true">
                    {cell.column.columnDef.header as string}
                  </span>
                  <span className={styles.cellValue}>{content}</span>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
