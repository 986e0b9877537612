import type * as React from "react";
import { Link } from "react-router";
import type { NavLink } from "~/content/site";

/** A list of in-site links, one item each; extra items (children) follow the links. */
export function LinkList({
  links,
  linkClassName,
  children,
  ...props
}: React.ComponentProps<"ul"> & { links: readonly NavLink[]; linkClassName?: string }) {
  return (
    <ul {...props}>
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className={linkClassName}>
            {link.label}
          </Link>
        </li>
      ))}
      {children}
    </ul>
  );
}
