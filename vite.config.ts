import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { islands, precompressedAssets } from "./vite.plugins.ts";

export default defineConfig({
  // The server bundle's entry is our Express app; it imports React Router's build itself.
  environments: { ssr: { build: { rollupOptions: { input: "./app/http/app.server.ts" } } } },
  build: {
    // React Router preloads route modules itself; Vite's preload helper would only add weight.
    modulePreload: false,
  },
  resolve: { tsconfigPaths: true },
  // Icon and UI-primitive packages are bundled into the server build as into the browser's, so that
  // only the icons and primitives the app uses are loaded: imported whole from node_modules they were
  // over 1,500 modules and about 25 MB of each worker's resident memory.
  ssr: { noExternal: ["lucide-react", "radix-ui", /^@radix-ui\//] },
  // Content pages load no React: their scripts are the islands (app/islands), built as entries of
  // their own. Every built asset gets its brotli and gzip copy at build time.
  plugins: [tailwindcss(), reactRouter(), islands(), precompressedAssets()],
});
