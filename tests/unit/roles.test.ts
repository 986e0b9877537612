import { describe, expect, it } from "vitest";
import { canAccess, canUseIntent, rolesAllowedFor, routedPath } from "~/lib/roles";

describe("the role table's judgement of admin paths", () => {
  // Grouped by who may open them; every path is checked on its own.
  const pathsByRoles: [string[], string[]][] = [
    [
      ["admin", "sales", "editor"],
      ["/admin", "/admin/dashboard", "/admin/settings"],
    ],
    [
      ["admin", "sales"],
      [
        "/admin/leads",
        "/admin/leads/0192f0c4-aaaa-7bbb-8ccc-000000000000",
        "/admin/leads/export",
        "/admin/clients",
        "/admin/bookings",
      ],
    ],
    [
      ["admin", "editor"],
      [
        "/admin/pages/new",
        "/admin/pages/abc/edit",
        "/admin/pages/abc/preview",
        "/admin/blog/abc/preview",
        "/admin/forms/abc/leads",
        "/admin/forms/abc/submissions",
        "/admin/uploads",
      ],
    ],
    [
      ["admin"],
      [
        "/admin/leads/gdpr",
        "/admin/leads/gdpr/export",
        "/admin/pricing",
        "/admin/users",
        "/admin/audit",
        "/admin/audit/export",
      ],
    ],
  ];
  it.each(pathsByRoles.flatMap(([roles, paths]) => paths.map((path) => [path, roles] as const)))(
    "%s is for %j",
    (path, roles) => {
      expect(rolesAllowedFor(path)).toEqual(roles);
    },
  );

  it("keeps paths the table does not name admin-only, however deep", () => {
    expect(rolesAllowedFor("/admin/no-such-screen")).toEqual(["admin"]);
    expect(rolesAllowedFor("/admin/no/such/screen")).toEqual(["admin"]);
    expect(rolesAllowedFor("/adminx")).toEqual(["admin"]);
    // A prefix counts only up to a slash: /admin/leadsx is not /admin/leads.
    expect(rolesAllowedFor("/admin/leadsx")).toEqual(["admin"]);
    expect(rolesAllowedFor("/admin/pagesfoo")).toEqual(["admin"]);
  });

  it("judges the path the router opens: any letter case, percent-encoding, .data and trailing slashes", () => {
    for (const path of ["/admin/leads/GDPR", "/admin/leads/%67dpr", "/Admin/Leads/Gdpr/", "/admin/leads/gdpr.data"]) {
      expect(rolesAllowedFor(path), path).toEqual(["admin"]);
      expect(canAccess("sales", path), path).toBe(false);
    }
    expect(rolesAllowedFor("/ADMIN/USERS")).toEqual(["admin"]);
    expect(rolesAllowedFor("/admin/Leads//")).toEqual(["admin", "sales"]);
    expect(rolesAllowedFor("/admin/pages.data")).toEqual(["admin", "editor"]);
  });

  it("treats a path that does not decode as admin-only", () => {
    expect(routedPath("/admin/leads/%E0%A4%A")).toBeNull();
    expect(rolesAllowedFor("/admin/leads/%E0%A4%A")).toEqual(["admin"]);
    expect(canAccess("sales", "/admin/leads/%")).toBe(false);
  });

  it("normalises paths as the router matches them", () => {
    expect(routedPath("/Admin/Leads/")).toBe("/admin/leads");
    expect(routedPath("/admin/leads.data")).toBe("/admin/leads");
    expect(routedPath("/admin/%4Ceads")).toBe("/admin/leads");
    expect(routedPath("/")).toBe("/");
    expect(routedPath("///")).toBe("/");
    expect(routedPath("/./admin/leads")).toBe("/admin/leads");
    expect(routedPath("/%2e/admin/Leads")).toBe("/admin/leads");
    expect(routedPath("/blog/../admin/users/")).toBe("/admin/users");
    expect(rolesAllowedFor("/%2E/admin/leads/gdpr")).toEqual(["admin"]);
    expect(canAccess("sales", "/admin/leads/./gdpr")).toBe(false);
  });

  it("lets no one without a role in", () => {
    expect(canAccess(null, "/admin")).toBe(false);
    expect(canAccess(undefined, "/admin/settings")).toBe(false);
    expect(canAccess("editor", "/admin")).toBe(true);
    expect(canAccess("editor", "/admin/leads")).toBe(false);
    expect(canAccess("sales", "/admin/pages")).toBe(false);
  });
});

describe("who may use an intent", () => {
  const leadPath = "/admin/leads/0192f0c4-aaaa-7bbb-8ccc-000000000000";

  it("keeps deleting a lead for admins, from the list and from the lead's screen, one or many", () => {
    for (const [path, intent] of [
      ["/admin/leads", "delete"],
      ["/admin/leads", "bulk-delete"],
      [leadPath, "delete"],
    ] as const) {
      expect(canUseIntent("admin", path, intent), `${path} ${intent}`).toBe(true);
      expect(canUseIntent("sales", path, intent), `${path} ${intent}`).toBe(false);
    }
    // Sales keep the rest of their lead work, marking spam included.
    expect(canUseIntent("sales", "/admin/leads", "bulk-spam")).toBe(true);
    expect(canUseIntent("sales", leadPath, "set-status")).toBe(true);
  });

  it("judges the routed path, however the address is spelled", () => {
    for (const path of ["/admin/Leads", "/admin/leads/", "/admin/leads.data", "/ADMIN/LEADS//", "/admin/%4Ceads"]) {
      expect(canUseIntent("sales", path, "bulk-delete"), path).toBe(false);
      expect(canUseIntent("sales", path, "delete"), path).toBe(false);
    }
    for (const path of [`${leadPath}/`, `${leadPath}.data`, leadPath.replace("leads", "LEADS")]) {
      expect(canUseIntent("sales", path, "delete"), path).toBe(false);
    }
  });
});
