import type { SiteIcon } from "~/components/site/icons/site-icon";

/** A list whose items each follow a small brand-coloured icon (a check, a shield). */
export function IconList({
  items,
  icon: Icon,
  className,
}: {
  items: readonly string[];
  icon: SiteIcon;
  className: string;
}) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
          {item}
        </li>
      ))}
    </ul>
  );
}
