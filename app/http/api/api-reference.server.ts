import { createRequire } from "node:module";
import path from "node:path";
import express, { type RequestHandler } from "express";

/** Where the API reference page's library is served from (Swagger UI, as published on npm). */
export const API_REFERENCE_ASSETS = "/api-reference";

const LIBRARY_FILES = new Set(["swagger-ui.css", "swagger-ui-bundle.js"]);

/** Starts Swagger UI on the page's element with the API's own document (a file, as the CSP allows no inline script). */
const INIT_SCRIPT = `window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: "/api/v1/openapi.json",
    dom_id: "#api-reference",
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
  });
});
`;

/** Swagger UI's script and stylesheet from its npm package, and the script that starts it. */
export function apiReferenceAssets(): RequestHandler {
  const dir = path.dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
  const files = express.static(dir, { index: false, maxAge: "1d", fallthrough: false });
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    if (name === "init.js") {
      res.type("text/javascript").set("Cache-Control", "public, max-age=86400").send(INIT_SCRIPT);
      return;
    }
    if (!LIBRARY_FILES.has(name)) return next();
    files(req, res, next);
  };
}

/** The reference page: Swagger UI rendering `/api/v1/openapi.json`. */
export function apiReferencePage() {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference | Admin</title>
<link rel="stylesheet" href="${API_REFERENCE_ASSETS}/swagger-ui.css">
</head>
<body>
<p style="font-family: system-ui, sans-serif; margin: 1rem 2rem;"><a href="/admin/settings">Back to Settings</a> · Create a key under Settings → API keys, then use Authorize with it.</p>
<div id="api-reference"></div>
<script src="${API_REFERENCE_ASSETS}/swagger-ui-bundle.js"></script>
<script src="${API_REFERENCE_ASSETS}/init.js"></script>
</body>
</html>
`;
}
