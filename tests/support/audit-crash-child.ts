/**
 * Run as a child process by tests/integration/audit-crash.test.ts: performs one staff change on the
 * database in AUDIT_CRASH_DATABASE and kills itself (SIGKILL, no clean-up of any kind) at the moment
 * the change's audit entry is about to be written. The test then reads what reached the database.
 */
import { InsertQueryNode, type KyselyPlugin, type RootOperationNode, TableNode } from "kysely";
import { pageSchema } from "~/lib/schemas/content";
import { createClient } from "~/server/clients/clients.server";
import type { DatabaseConfig } from "~/server/config.server";
import { createPage } from "~/server/content/pages.server";
import { openDatabase } from "~/server/db/database.server";
import { createForm } from "~/server/forms/forms.server";
import { createStaffUser } from "~/server/users/staff-users.server";

/** Dies when an insert into audit_logs is about to be sent: after the change's statements, before its entry. */
const dieAtAudit: KyselyPlugin = {
  transformQuery({ node }: { node: RootOperationNode }) {
    if (
      InsertQueryNode.is(node) &&
      node.into &&
      TableNode.is(node.into) &&
      node.into.table.identifier.name === "audit_logs"
    ) {
      process.kill(process.pid, "SIGKILL");
    }
    return node;
  },
  async transformResult({ result }) {
    return result;
  },
};

const actor = { id: null, email: "crash@example.com" };
const crashOperations = {
  "user.create": (db) =>
    createStaffUser(db, { email: "crash-user@example.com", password: "staff-pass-2468", role: "sales" }, actor),
  "page.create": (db) =>
    createPage(db, pageSchema.parse({ title: "Crash page", slug: "crash-page", status: "draft", content: "" }), actor),
  "client.create": (db) =>
    createClient(
      db,
      { name: "Crash client", email: null, phone: null, company: null, address: null, status: "active", leadId: null },
      actor,
    ),
  "form.create": (db) =>
    createForm(db, { name: "Crash form", description: null, formType: "contact", status: "active" }, actor),
} satisfies Record<string, (db: ReturnType<typeof openDatabase>) => Promise<unknown>>;

async function main() {
  const config = JSON.parse(process.env.AUDIT_CRASH_DATABASE ?? "") as DatabaseConfig;
  const operation = process.env.AUDIT_CRASH_OPERATION as keyof typeof crashOperations;
  const db = openDatabase(config).withPlugin(dieAtAudit);
  await crashOperations[operation](db);
  // Reached only when no audit entry was written at all.
  process.exit(3);
}

if (process.env.AUDIT_CRASH_OPERATION) await main();
