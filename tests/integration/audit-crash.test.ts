import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Database } from "~/server/db/schema.server";
import { childEnv } from "../support/child-env";
import { databasePerTest, dialects } from "../support/databases";

const root = path.resolve(import.meta.dirname, "../..");

/** For each change the child can make: whether it reached the database, and its audit action. */
const changes: { operation: string; made: (db: Database) => Promise<boolean> }[] = [
  {
    operation: "user.create",
    made: async (db) =>
      Boolean(
        await db.selectFrom("user").select("id").where("email", "=", "crash-user@example.com").executeTakeFirst(),
      ),
  },
  {
    operation: "page.create",
    made: async (db) =>
      Boolean(await db.selectFrom("pages").select("id").where("slug", "=", "crash-page").executeTakeFirst()),
  },
  {
    operation: "client.create",
    made: async (db) =>
      Boolean(await db.selectFrom("clients").select("id").where("name", "=", "Crash client").executeTakeFirst()),
  },
  {
    operation: "form.create",
    made: async (db) =>
      Boolean(await db.selectFrom("forms").select("id").where("name", "=", "Crash form").executeTakeFirst()),
  },
];

describe.each(dialects)("audit entries and the changes they record on %s", (dialect) => {
  const freshDatabase = databasePerTest(dialect);

  it.each(changes)(
    "a process killed as it writes the $operation entry leaves both the change and its entry, or neither",
    async ({ operation, made }) => {
      const database = await freshDatabase();
      const child = spawn(process.execPath, ["--import", "tsx", "tests/support/audit-crash-child.ts"], {
        cwd: root,
        env: childEnv({
          LOG_LEVEL: "warn",
          AUDIT_CRASH_DATABASE: JSON.stringify(database.config),
          AUDIT_CRASH_OPERATION: operation,
        }),
        stdio: ["ignore", "inherit", "inherit"],
      });
      const [code, signal] = (await once(child, "exit")) as [number | null, NodeJS.Signals | null];
      // It died at the audit entry, not before the change or after the whole of it.
      expect({ code, signal }).toEqual({ code: null, signal: "SIGKILL" });
      const entries = await database.db
        .selectFrom("audit_logs")
        .select("action")
        .where("action", "=", operation)
        .execute();
      expect({ changed: await made(database.db), audited: entries.length > 0 }).toEqual({
        changed: false,
        audited: false,
      });
    },
  );
});
