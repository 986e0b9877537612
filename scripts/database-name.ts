import path from "node:path";
import type { DatabaseConfig } from "~/server/config.server";

/** Where the database is, for people: the SQLite file, or PostgreSQL's host and database without credentials. */
export function databaseName(database: DatabaseConfig) {
  if (database.dialect === "sqlite") return `SQLite ${path.resolve(database.file)}`;
  const url = new URL(database.connectionString);
  return `PostgreSQL ${url.hostname}${url.port ? `:${url.port}` : ""}${url.pathname}`;
}

/**
 * Names the database a command opened, on standard error so that the command's own output stays clean
 * for scripts; "(new)" when the command is about to start it.
 */
export function announceDatabase(database: DatabaseConfig, isNew = false) {
  console.error(`Database: ${databaseName(database)}${isNew ? " (new)" : ""}`);
}
