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
    /** a class of the page's for this column's header and cells (widths, alignment) */
    className?: string;
    /** the header is for assistive technology only, and cards show no name (a column of buttons) */
    headerHidden?: boolean;
    /** the row header's card shows its column's name too (by default it is the card's title) */
    cardLabel?: boolean;
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
  /** row headers take focus from a script (tabIndex -1): a page moves focus to a row it added */
  focusableRowHeaders?: boolean;
  /** data attributes of a row, for the page to find it again (`data-index`) */
  rowData?: (row: T, index: number) => Record<`data-${string}`, string | number>;
  className?: string;
};

export function sortingOf(sort: string, columns: readonly DataTableColumn<never>[]): SortingState {
  const desc = sort.startsWith("-");
  const key = desc ? sort.slice(1) : sort;
  const column = columns.find((c) => c.meta?.sortKey === key);
  return column?.id ? [{ id: column.id, desc }] : [];
}

export function DataTable<T>(props: Props<T>) {
  const { caption, columns, rows, rowId, sort, busy, focusableRowHeaders, rowData } = props;
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
    <table
      className={props.className ? `${styles.table} ${props.className}` : styles.table}
      aria-busy={busy || undefined}
    >
      <caption className={styles.caption}>{caption}</caption>
      <thead className={styles.head}>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {group.headers.map((header) => {
              const column = header.column;
              const sortable = Boolean(sort && column.columnDef.meta?.sortKey);
              const direction = column.getIsSorted();
              const meta = column.columnDef.meta;
              return (
                <th
                  key={header.id}
                  scope="col"
                  className={meta?.className}
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
                  ) : meta?.headerHidden ? (
                    <span className="visually-hidden">{column.columnDef.header as string}</span>
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
          <tr key={row.id} className={styles.row} {...rowData?.(row.original, row.index)}>
            {row.getVisibleCells().map((cell) => {
              const content = flexRender(cell.column.columnDef.cell, cell.getContext());
              const meta = cell.column.columnDef.meta;
              const name = cell.column.columnDef.header as string;
              const label = (
                <span className={styles.cellLabel} aria-hidden="true">
                  {name}
                </span>
              );
              const classes = (...names: (string | undefined)[]) =>
                [...names, meta?.className].filter(Boolean).join(" ");
              if (meta?.rowHeader) {
                const labelled = meta.cardLabel === true;
                return (
                  <th
                    key={cell.id}
                    scope="row"
                    className={classes(
                      labelled ? `${styles.cell} ${styles.rowHeader}` : styles.rowHeader,
                    )}
                    tabIndex={focusableRowHeaders ? -1 : undefined}
                  >
                    {labelled ? (
                      <>
                        {label}
                        <span className={styles.cellValue}>{content}</span>
                      </>
                    ) : (
                      content
                    )}
                  </th>
                );
              }
              if (meta?.headerHidden) {
                return (
                  <td key={cell.id} className={classes(styles.cell, styles.bare)}>
                    {content}
                  </td>
                );
              }
              return (
                <td key={cell.id} className={classes(styles.cell)}>
                  {label}
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
