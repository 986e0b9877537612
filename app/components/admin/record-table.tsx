import type * as React from "react";

/**
 * A wide table of records, a row each, whose last column holds the row's actions. With `empty`, a
 * note stands in for the table when there are no rows.
 */
export function RecordTable<Row>({
  columns,
  rows,
  empty,
  children,
}: {
  columns: string[];
  rows: Row[];
  empty?: React.ReactNode;
  children: (row: Row) => React.ReactNode;
}) {
  if (empty && rows.length === 0) return <p className="text-muted-foreground text-sm">{empty}</p>;
  return (
    <table className="w-full min-w-[720px] text-sm">
      <thead className="text-left text-muted-foreground">
        <tr className="border-b">
          {columns.map((column) => (
            <th key={column} className="py-2 pr-3 font-medium">
              {column}
            </th>
          ))}
          {/* Relative: the hidden label is placed inside the table's scrolling card, not the page. */}
          <th className="relative py-2 font-medium">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>{rows.map((row) => children(row))}</tbody>
    </table>
  );
}
