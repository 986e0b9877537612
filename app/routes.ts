import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/setup", "routes/admin/setup.tsx"),
  route("admin/unauthorized", "routes/admin/unauthorized.tsx"),
  route("admin/logout", "routes/admin/logout.tsx"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("dashboard", "routes/admin/dashboard.tsx", { id: "routes/admin/dashboard-alias" }),
    route("settings", "routes/admin/settings.tsx"),
    route("users", "routes/admin/users.tsx"),
    route("*", "routes/admin/not-found.tsx"),
  ]),
  layout("routes/site/layout.tsx", [index("routes/site/home.tsx"), route("*", "routes/site/not-found.tsx")]),
] satisfies RouteConfig;
