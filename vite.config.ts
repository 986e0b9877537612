import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { asciiServerChunks, islands, precompressedAssets } from "./vite.plugins.ts";

/**
 * Packages the server build leaves in node_modules: pg, swagger-ui-dist and pino read
 * files next to their code or start threads from their own files; nodemailer, the MCP SDK and qrcode
 * load on first use only, so bundling them would load them in every process.
 */
const SERVER_EXTERNALS = ["pg", "swagger-ui-dist", "pino", "nodemailer", "@modelcontextprotocol/sdk", "qrcode"];

export default defineConfig(({ command }) => ({
  // The server bundle's entry is our Express app; it imports React Router's build itself.
  environments: {
    ssr: {
      build: { rollupOptions: { input: "./app/http/app.server.ts" } },
      // The server build always runs in production (serve-app.js), so React's development builds,
      // chosen by NODE_ENV at run time, are left out of it.
      define: command === "build" ? { "process.env.NODE_ENV": JSON.stringify("production") } : {},
    },
  },
  build: {
    // React Router preloads route modules itself; Vite's preload helper would only add weight.
    modulePreload: false,
  },
  resolve: { tsconfigPaths: true },
  // The server build holds its dependencies, as the browser's does: a module per file of node_modules
  // (over 1,100 of them at start) cost each worker about 15 MB more resident memory than the code
  // bundled, and only the icons and primitives the app uses are loaded. The development server keeps
  // loading packages from node_modules, except the icon and UI-primitive packages, which are over
  // 1,500 modules imported whole.
  ssr:
    command === "build"
      ? { noExternal: true, external: SERVER_EXTERNALS }
      : { noExternal: ["lucide-react", "radix-ui", /^@radix-ui\//] },
  // Content pages load no React: their scripts are the islands (app/islands), built as entries of
  // their own. Every built asset gets its brotli and gzip copy at build time.
  plugins: [tailwindcss(), reactRouter(), islands(), precompressedAssets(), asciiServerChunks()],
}));
