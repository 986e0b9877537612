import { cx } from "~/lib/cx";

/** Short names (tools, platforms) shown as pills in a wrapping list. */
export function TagList({
  items,
  label,
  size = "default",
  className,
}: {
  items: readonly string[];
  /** Accessible name of the list, when the surrounding heading does not already say what it is. */
  label?: string;
  size?: "default" | "sm";
  className?: string;
}) {
  return (
    <ul aria-label={label} className={cx("flex flex-wrap gap-2", className)}>
      {items.map((item) => (
        <li
          key={item}
          className={cx(
            "rounded-full border bg-secondary text-secondary-foreground",
            size === "sm" ? "px-2.5 py-0.5 text-xs" : "px-4 py-2 font-medium text-sm",
          )}
        >
          {item}
        </li>
      ))}
    </ul>
  );
}
