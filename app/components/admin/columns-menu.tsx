import { Columns3Icon } from "lucide-react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import type { TableSpec } from "./data-table";

/**
 * Shows or hides a table's columns; the choice is saved for the signed-in person by posting
 * `set-columns` to the table's screen. The `required` column opens a row from the keyboard: it always stays.
 */
export function ColumnsMenu<C extends string>({
  spec: { labels, path },
  columns,
  all,
  required,
}: {
  spec: TableSpec<C, string>;
  columns: readonly C[];
  all: readonly C[];
  required: C;
}) {
  const fetcher = useFetcher();
  const pending = fetcher.formData?.getAll("columns") as C[] | undefined;
  const shown = pending ?? columns;
  const toggle = (column: C, show: boolean) => {
    const next = all.filter((each) => (each === column ? show : shown.includes(each)));
    if (!next.includes(required)) return;
    const form = new FormData();
    form.set("intent", "set-columns");
    for (const each of next) form.append("columns", each);
    fetcher.submit(form, { method: "post", action: path });
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm">
          <Columns3Icon /> Columns
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-52">
        <DropdownMenuLabel>Show columns</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {all.map((column) => (
          <DropdownMenuCheckboxItem
            key={column}
            checked={shown.includes(column)}
            disabled={column === required}
            onSelect={(event) => event.preventDefault()}
            onCheckedChange={(checked) => toggle(column, checked === true)}
          >
            {labels[column]}
          </DropdownMenuCheckboxItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
