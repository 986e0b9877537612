import { createRequire } from "node:module";
import type pg from "pg";

let loaded: typeof pg | undefined;

/**
 * The PostgreSQL driver, loaded on first use: a server on SQLite never needs it, and every process
 * that imported it at start-up kept its code and compiled functions for nothing.
 */
export function pgModule(): typeof pg {
  loaded ??= createRequire(import.meta.url)("pg") as typeof pg;
  return loaded;
}
