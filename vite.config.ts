import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // The server bundle's entry is our Express app; it imports React Router's build itself.
  environments: { ssr: { build: { rollupOptions: { input: "./app/http/app.server.ts" } } } },
  build: {
    // React Router preloads route modules itself; Vite's preload helper would only add weight.
    modulePreload: false,
    rolldownOptions: {
      output: {
        // The public site's small shared building blocks in one chunk rather than a dozen tiny ones:
        // files compress separately, so a first visit downloads less and makes fewer requests. The icons
        // named here are the ones the home page shares with other pages (each would be a chunk of its own).
        codeSplitting: {
          groups: [
            {
              name: "site-base",
              test: /app[\\/](components[\\/]site[\\/](icons[\\/](ArrowRight|Building2|Car|CheckIcon|CircleCheck|Quote|ShieldCheckIcon|ShoppingCart|Target|Workflow)|section|site-card|logo|site-toaster|currency-switch|winter-promo|site-header|site-footer|icon-list|link-list|office-address|figure-list|not-found-screen|lead-dialog-button|forms[\\/](use-lead-form|lead-form|fields|contact-form))|components[\\/]ui[\\/]button-variants|content[\\/](site|brand)|lib[\\/](cx|lead-options|toast|variants))\.|node_modules[\\/]clsx[\\/]/,
            },
          ],
        },
      },
    },
  },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
});
