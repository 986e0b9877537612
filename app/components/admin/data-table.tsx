import { ArrowDownIcon, ArrowUpIcon } from "lucide-react";
import {
  type ComponentProps,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { Link, useLocation } from "react-router";
import { cn } from "~/lib/utils";

/** The pieces the admin's dense tables share: keyboard rows, sortable headers, the columns menu. */

function isTyping(target: EventTarget | null) {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "SELECT", "TEXTAREA", "BUTTON"].includes(target.tagName);
}

/**
 * The table's keyboard: arrow keys or j/k move between rows (focusing the row's `[data-row-link]`),
 * Enter opens the active row, x selects it. Returns the active row and a setter for focus moves.
 */
export function useRowKeyboard({
  body,
  rowCount,
  onOpen,
  onToggle,
}: {
  body: RefObject<HTMLTableSectionElement | null>;
  rowCount: number;
  onOpen: (index: number) => void;
  onToggle: (index: number) => void;
}) {
  const [active, setActive] = useState(-1);
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (document.querySelector("[role=dialog], [role=menu]")) return;
      const inRow = event.target instanceof HTMLElement && body.current?.contains(event.target);
      // Typing in the filters must not move the cursor; inside the table the row's own controls are fine.
      if (isTyping(event.target) && !inRow) return;
      const move = (to: number) => {
        event.preventDefault();
        const next = Math.max(0, Math.min(rowCount - 1, to));
        setActive(next);
        body.current?.querySelectorAll<HTMLElement>("[data-row-link]")[next]?.focus();
      };
      const current = active >= 0 && active < rowCount;
      if (event.key === "ArrowDown" || event.key === "j") move(active + 1);
      else if (event.key === "ArrowUp" || event.key === "k") move(active < 0 ? 0 : active - 1);
      else if (event.key === "x" && current) {
        event.preventDefault();
        onToggle(active);
      } else if (event.key === "Enter" && current && !inRow) {
        event.preventDefault();
        onOpen(active);
      }
    }
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [active, rowCount, body, onOpen, onToggle]);
  return [active, setActive] as const;
}

/**
 * How a column's header sorts: the sort its first click picks, the other direction on the next click
 * (or null), and whether the first sort counts as descending (newest first is).
 */
export type ColumnSort<S extends string> = { first: S; second: S | null; firstIsDescending?: boolean };

/** A column header that sorts the list by its column, keeping the other filters and going back to page 1. */
export function SortableHeader<S extends string>({
  label,
  sorting,
  sort,
  defaultSort,
  path,
  className,
}: {
  label: string;
  sorting: ColumnSort<S> | undefined;
  sort: S;
  defaultSort: S;
  path: string;
  className?: string;
}) {
  const { search } = useLocation();
  if (!sorting) {
    return (
      <th scope="col" className={cn("truncate px-3 py-2 font-medium", className)}>
        {label}
      </th>
    );
  }
  const { first, second, firstIsDescending = false } = sorting;
  const params = new URLSearchParams(search);
  const next = sort === first && second ? second : first;
  if (next === defaultSort) params.delete("sort");
  else params.set("sort", next);
  params.delete("page");
  const query = params.toString();
  const state =
    sort === first
      ? firstIsDescending
        ? "descending"
        : "ascending"
      : sort === second
        ? firstIsDescending
          ? "ascending"
          : "descending"
        : undefined;
  return (
    <th scope="col" aria-sort={state} className={cn("truncate px-3 py-2 font-medium", className)}>
      <Link
        to={`${path}${query ? `?${query}` : ""}`}
        className="inline-flex items-center gap-1 hover:text-foreground"
        preventScrollReset
      >
        {label}
        {state === "ascending" ? <ArrowUpIcon aria-hidden className="size-3" /> : null}
        {state === "descending" ? <ArrowDownIcon aria-hidden className="size-3" /> : null}
      </Link>
    </th>
  );
}

/** The header cell and row cell checkboxes of a selectable table. */
export function SelectAllCheckbox({
  label,
  all,
  some,
  onChange,
}: {
  label: string;
  all: boolean;
  some: boolean;
  onChange: (select: boolean) => void;
}) {
  return (
    <th scope="col" className="w-10 px-3 py-1.5">
      <input
        type="checkbox"
        className="size-4 accent-primary align-middle"
        aria-label={label}
        checked={all}
        ref={(input) => {
          if (input) input.indeterminate = some && !all;
        }}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
    </th>
  );
}

/** A row's selection checkbox, named after the row. */
function SelectRowCheckbox({ name, checked, onChange }: { name: string; checked: boolean; onChange: () => void }) {
  return (
    <td className="px-3 py-1">
      <input
        type="checkbox"
        className="size-4 accent-primary align-middle"
        aria-label={`Select ${name}`}
        checked={checked}
        onChange={onChange}
      />
    </td>
  );
}

/**
 * A selectable table's header row: the select-all checkbox, then a sortable header per shown column
 * (newest first is each list's default sort), then anything trailing.
 */
function SelectableHeaderRow<C extends string, S extends string>({
  noun,
  rowIds,
  selected,
  onToggleAll,
  columns,
  spec: { labels, sorts, widths, path },
  sort,
  children,
}: {
  noun: string;
  rowIds: string[];
  selected: ReadonlySet<string>;
  onToggleAll: (select: boolean) => void;
  columns: readonly C[];
  spec: TableSpec<C, S>;
  sort: S;
  children?: ReactNode;
}) {
  return (
    <thead className="border-b bg-muted/50 text-left text-muted-foreground text-xs">
      <tr>
        <SelectAllCheckbox
          label={`Select all ${noun} on this page`}
          all={rowIds.length > 0 && rowIds.every((id) => selected.has(id))}
          some={rowIds.some((id) => selected.has(id))}
          onChange={onToggleAll}
        />
        {columns.map((column) => (
          <SortableHeader
            key={column}
            label={labels[column]}
            sorting={sorts[column]}
            sort={sort}
            defaultSort={"newest" as S}
            path={path}
            className={widths?.[column]}
          />
        ))}
        {children}
      </tr>
    </thead>
  );
}

/**
 * What a selectable table's rows are, and how its columns are named and sorted. The table is named
 * after its rows ("Clients"), is described by `${noun}-keyboard-hint`, and sorts and saves its
 * columns on its screen's `path`.
 */
export type TableSpec<C extends string, S extends string> = {
  noun: string;
  path: string;
  labels: Record<C, string>;
  sorts: Partial<Record<C, ColumnSort<S>>>;
  /**
   * Width classes of the columns that need a set width; the others share what is left. The table is
   * laid out to the window's width and cells cut long text short, so it never scrolls sideways.
   */
  widths?: Partial<Record<C, string>>;
};

/** The status and name sorts, the same in every selectable list. */
export const statusAndNameSorts = {
  status: { first: "status", second: null },
  name: { first: "name", second: "name_desc" },
} as const;

/** How the person sees a selectable table: the columns they chose, the sort, the ticked rows. */
export type TableView<C extends string, S extends string> = {
  columns: readonly C[];
  sort: S;
  selection: TableSelection;
};

/** A list's ticked rows, as `useListSelection` keeps them. */
export type TableSelection = {
  shown: ReadonlySet<string>;
  toggle: (id: string) => void;
  toggleAll: (select: boolean) => void;
};

/**
 * A dense, selectable table: the select-all and sortable column headers, then a row per item with
 * its checkbox and its cells (`children`, given a `focusRow` for the row's link to call on focus).
 * Arrow keys or j/k move between rows, Enter opens one (a click on its `[data-row-link]`), x selects
 * it. `actions`: the rows end in an Actions cell. `rowProps`: each row's own attributes.
 */
export function SelectableTable<R extends { id: string; name: string }, C extends string, S extends string>({
  spec,
  rows,
  view: { columns, sort, selection },
  actions = false,
  rowProps,
  children,
}: {
  spec: TableSpec<C, S>;
  rows: readonly R[];
  view: TableView<C, S>;
  actions?: boolean;
  rowProps: (row: R) => ComponentProps<"tr"> & { "data-testid": string };
  children: (row: R, focusRow: () => void) => ReactNode;
}) {
  const body = useRef<HTMLTableSectionElement>(null);
  const rowIds = useMemo(() => rows.map((row) => row.id), [rows]);
  const { toggle } = selection;
  // Enter opens the row as a click on its link (or button) would.
  const openRow = useCallback(
    (index: number) => body.current?.querySelectorAll<HTMLElement>("[data-row-link]")[index]?.click(),
    [],
  );
  const [active, setActive] = useRowKeyboard({
    body,
    rowCount: rowIds.length,
    onOpen: openRow,
    onToggle: useCallback((index: number) => rowIds[index] && toggle(rowIds[index]), [rowIds, toggle]),
  });
  return (
    <div className="overflow-x-auto rounded-lg border bg-background">
      <table
        className="w-full table-fixed text-sm"
        aria-label={`${spec.noun[0]?.toUpperCase()}${spec.noun.slice(1)}`}
        aria-describedby={`${spec.noun}-keyboard-hint`}
      >
        <SelectableHeaderRow
          noun={spec.noun}
          rowIds={rowIds}
          selected={selection.shown}
          onToggleAll={selection.toggleAll}
          columns={columns}
          spec={spec}
          sort={sort}
        >
          {actions ? (
            <th scope="col" className="w-28 px-3 py-2">
              <span className="sr-only">Actions</span>
            </th>
          ) : null}
        </SelectableHeaderRow>
        <tbody ref={body}>
          {rows.map((row, index) => (
            <SelectableRow key={row.id} row={row} selection={selection} active={index === active} {...rowProps(row)}>
              {children(row, () => setActive(index))}
            </SelectableRow>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A row of a `SelectableTable`: marked while selected or under the keyboard, its checkbox first. */
function SelectableRow({
  row,
  selection,
  active,
  className,
  children,
  ...props
}: ComponentProps<"tr"> & { row: { id: string; name: string }; selection: TableSelection; active: boolean }) {
  const selected = selection.shown.has(row.id);
  return (
    <tr
      className={cn(
        className,
        "border-b last:border-0 hover:bg-muted/40",
        selected && "bg-primary/5",
        active && "outline-2 outline-ring -outline-offset-2",
      )}
      aria-selected={selected}
      data-active={active ? "" : undefined}
      {...props}
    >
      <SelectRowCheckbox name={row.name} checked={selected} onChange={() => selection.toggle(row.id)} />
      {children}
    </tr>
  );
}
