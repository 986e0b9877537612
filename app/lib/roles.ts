/** Staff roles and the admin route table: the one place that says who may open what. */

export const ROLES = ["admin", "sales", "editor"] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export const roleLabels: Record<Role, string> = {
  admin: "Administrator",
  sales: "Sales",
  editor: "Editor",
};

/** Role badges: admin destructive (the most power stands out), sales default, editor secondary, anything else outline. */
export function roleBadgeVariant(role: string | null | undefined) {
  if (role === "admin") return "destructive" as const;
  if (role === "sales") return "default" as const;
  if (role === "editor") return "secondary" as const;
  return "outline" as const;
}

const everyone: readonly Role[] = ROLES;

/**
 * Who manages the site's content files in Settings (logos, favicon, guide file, hero video): their
 * uploads and removals alike. The site's information, analytics ids and head code stay admin-only.
 */
export const siteFileRoles: readonly Role[] = ["admin", "editor"];

/**
 * Which roles may use each admin path: its screen, its data requests and its actions.
 * A path is governed by its longest matching prefix; a path matching no entry is admin-only.
 */
export const adminAccess: Record<string, readonly Role[]> = {
  "/admin": everyone,
  "/admin/dashboard": everyone,
  "/admin/leads": ["admin", "sales"],
  "/admin/leads/gdpr": ["admin"],
  "/admin/clients": ["admin", "sales"],
  "/admin/bookings": ["admin", "sales"],
  "/admin/pages": ["admin", "editor"],
  "/admin/blog": ["admin", "editor"],
  "/admin/forms": ["admin", "editor"],
  "/admin/pricing": ["admin"],
  "/admin/settings": everyone,
  // The API's reference: everyone may hold API keys.
  "/admin/api": everyone,
  "/admin/users": ["admin"],
  "/admin/webhooks": ["admin"],
  "/admin/ad-platforms": ["admin"],
  "/admin/audit": ["admin"],
  // Editors upload blog images and the site's files (siteFileRoles) here; the endpoint decides per target.
  "/admin/uploads": ["admin", "editor"],
};

/**
 * Actions (the `intent` a form posts) that only some of a screen's roles may use; an intent not listed
 * here is open to everyone who may open its screen. The server refuses the rest with 403. A `:name`
 * segment stands for any one segment (a record's id); an exact path wins over such a pattern.
 * Deleting a lead is admin-only however it is posted: one lead or many, from the list or its screen.
 */
export const adminIntentAccess: Record<string, Record<string, readonly Role[]>> = {
  "/admin/leads": {
    delete: ["admin"],
    "bulk-delete": ["admin"],
  },
  "/admin/leads/:leadId": {
    delete: ["admin"],
  },
  "/admin/clients": {
    "bulk-delete": ["admin"],
  },
  "/admin/settings": {
    "save-site-info": ["admin"],
    "save-analytics": ["admin"],
    "save-privacy": ["admin"],
    "remove-file": siteFileRoles,
    "save-time-zone": ["admin"],
    "save-agency-country": ["admin"],
    "save-lead-assignment": ["admin"],
    // Everyone creates and revokes their own API keys; only admins revoke anyone's.
    "revoke-any-api-key": ["admin"],
  },
};

/** Whether the role may post this intent to this screen (its path as routed, without `.data`). */
export function canUseIntent(role: Role | null | undefined, pathname: string, intent: string) {
  if (!canAccess(role, pathname)) return false;
  const path = routedPath(pathname);
  const forPath = path === null ? undefined : intentRulesFor(path);
  // Own keys only: an intent named like an object's built-ins (`constructor`) is no entry.
  const allowed = forPath && Object.hasOwn(forPath, intent) ? forPath[intent] : undefined;
  return allowed ? allowed.includes(role as Role) : true;
}

/** The intent rules of a routed path: its own entry, else the first pattern whose segments it fills. */
function intentRulesFor(path: string) {
  if (Object.hasOwn(adminIntentAccess, path)) return adminIntentAccess[path];
  const segments = path.split("/");
  for (const [pattern, rules] of Object.entries(adminIntentAccess)) {
    const expected = pattern.split("/");
    if (!pattern.includes("/:") || expected.length !== segments.length) continue;
    if (expected.every((part, index) => part.startsWith(":") || part === segments[index])) return rules;
  }
  return undefined;
}

/**
 * The path as React Router matches it: with its dot segments resolved as the request's URL resolves
 * them (`/./admin`, `/%2e/admin`, `/x/../admin`), percent-decoded and in lower case (route paths match
 * regardless of case), without a data request's `.data` or trailing slashes. Checks must judge this
 * path, not the raw one: `/admin/leads/GDPR` and `/admin/leads/%67dpr` open the GDPR screen too.
 * Null when the path does not decode.
 */
export function routedPath(pathname: string): string | null {
  let decoded: string;
  try {
    // Appended to an origin, as the server adapter builds the request's URL (not resolved against it,
    // which would read `//host/…` as another host).
    decoded = decodeURIComponent(new URL(`http://path.invalid${pathname}`).pathname);
  } catch {
    return null;
  }
  return (
    decoded
      .toLowerCase()
      .replace(/\.data$/, "")
      .replace(/\/+$/, "") || "/"
  );
}

export function rolesAllowedFor(pathname: string): readonly Role[] {
  const path = routedPath(pathname);
  if (path === null) return ["admin"];
  let best: string | undefined;
  for (const prefix of Object.keys(adminAccess)) {
    if ((path === prefix || path.startsWith(`${prefix}/`)) && prefix.length > (best?.length ?? -1)) best = prefix;
  }
  // "/admin" itself only covers the dashboard; deeper unknown paths stay admin-only.
  if (best === "/admin" && path !== "/admin") return ["admin"];
  return best ? adminAccess[best]! : ["admin"];
}

export function canAccess(role: Role | null | undefined, pathname: string) {
  return role != null && rolesAllowedFor(pathname).includes(role);
}

export type AdminNavItem = { label: string; to: string; roles: readonly Role[] };

/**
 * The sidebar per role, each person seeing only the screens their work needs (admin all; sales Dashboard, Leads, Clients, Bookings;
 * editor Dashboard, Pages, Blog, Forms). Settings stays reachable for everyone from the account menu,
 * because the profile lives there.
 */
export const adminNav: AdminNavItem[] = [
  { label: "Dashboard", to: "/admin", roles: everyone },
  { label: "Leads", to: "/admin/leads", roles: ["admin", "sales"] },
  { label: "Clients", to: "/admin/clients", roles: ["admin", "sales"] },
  { label: "Bookings", to: "/admin/bookings", roles: ["admin", "sales"] },
  { label: "Pages", to: "/admin/pages", roles: ["admin", "editor"] },
  { label: "Blog", to: "/admin/blog", roles: ["admin", "editor"] },
  { label: "Forms", to: "/admin/forms", roles: ["admin", "editor"] },
  { label: "Pricing", to: "/admin/pricing", roles: ["admin"] },
  { label: "Users", to: "/admin/users", roles: ["admin"] },
  { label: "Audit log", to: "/admin/audit", roles: ["admin"] },
  { label: "Ad platforms", to: "/admin/ad-platforms", roles: ["admin"] },
  { label: "Settings", to: "/admin/settings", roles: ["admin"] },
];

export function navItemsFor(role: Role | null | undefined) {
  return role ? adminNav.filter((item) => item.roles.includes(role)) : [];
}
