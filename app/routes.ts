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
  route("robots.txt", "routes/site/robots.ts"),
  route("sitemap.xml", "routes/site/sitemap-xml.ts"),
  route("currency", "routes/site/currency.tsx"),
  route("api/forms/:formId/submissions", "routes/api/form-submissions.ts"),
  route("api/events", "routes/api/events.ts"),
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("services/paid-ads", "routes/site/paid-ads.tsx"),
    route("services/conversion-tracking", "routes/site/setup-service.tsx", { id: "services/conversion-tracking" }),
    route("services/automation", "routes/site/setup-service.tsx", { id: "services/automation" }),
    ...["ecommerce", "saas", "real-estate", "automotive"].map((slug) =>
      route(`industries/${slug}`, "routes/site/industry.tsx", { id: `industries/${slug}` }),
    ),
    route("pricing", "routes/site/pricing.tsx"),
    route("about", "routes/site/about.tsx"),
    route("blog", "routes/site/blog.tsx"),
    route("blog/:slug", "routes/site/blog-post.tsx"),
    route("contact", "routes/site/contact.tsx"),
    route("privacy", "routes/site/privacy.tsx"),
    route("terms", "routes/site/terms.tsx"),
    route("sitemap", "routes/site/sitemap.tsx"),
    route("lead", "routes/site/lead.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
] satisfies RouteConfig;
