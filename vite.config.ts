import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // The server bundle's entry is our Express app; it imports React Router's build itself.
  environments: { ssr: { build: { rollupOptions: { input: "./app/server/app.server.ts" } } } },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
});
