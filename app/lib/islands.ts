/** Where the browser build lists the islands' built files (a dot folder the server never serves). */
export const ISLANDS_MANIFEST = ".vite/islands.json";

/** Where it lists the modules the app's entry imports only when it hydrates (React DOM, the router). */
export const HYDRATION_MANIFEST = ".vite/hydration.json";

/**
 * Whether a file of `app/islands` is an island a page can name (`<name>.ts`), rather than a module the
 * islands share (`toasts.ts`) or load later themselves (`*-effect.ts`).
 */
export function isIslandEntry(file: string) {
  return file.endsWith(".ts") && !file.endsWith("-effect.ts") && file !== "toasts.ts";
}
