import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { islands, precompressedAssets } from "./vite.plugins.ts";

// The server build bundles its dependencies and is minified, so that only the parts of a package the
// app uses are loaded (imported whole, lucide-react alone was 1,500 icon modules and about 18 MB of
// resident memory). Loaded from node_modules, the dependencies were 1,180 modules and 8.4 MB of
// source text kept in every process's V8 heap: 50 MB of heap before the first request, 25 MB now.
// What stays outside: packages that read files next to their own code at run time (geoip-country's
// tables, swagger-ui-dist's assets), pino (its transports start worker threads from files of their
// own), and those loaded on first use by few requests (pg, nodemailer, the MCP SDK, the QR encoder).
const SERVER_EXTERNAL = [
  "pg",
  "geoip-country",
  "swagger-ui-dist",
  "pino",
  "pino-http",
  "nodemailer",
  "@modelcontextprotocol/sdk",
  "qrcode",
];

export default defineConfig(({ command }) => ({
  // The server bundle's entry is our Express app; it imports React Router's build itself.
  environments: {
    ssr: {
      build: { rollupOptions: { input: "./app/http/app.server.ts" }, minify: true },
      // Only the build: Vite's development server runs dependencies from node_modules as they are.
      resolve: command === "build" ? { external: SERVER_EXTERNAL, noExternal: true } : {},
    },
  },
  build: {
    // React Router preloads route modules itself; Vite's preload helper would only add weight.
    modulePreload: false,
  },
  resolve: { tsconfigPaths: true },
  // Content pages load no React: their scripts are the islands (app/islands), built as entries of
  // their own. Every built asset gets its brotli and gzip copy at build time.
  plugins: [tailwindcss(), reactRouter(), islands(), precompressedAssets()],
}));
