import path from "node:path";
import { describe, expect, it } from "vitest";
import { visibleStaffName } from "~/server/users/display-name.server";
import { findStaffUser } from "~/server/users/staff-users.server";
import { runCli } from "../support/cli";
import { databasePerTest, dialects, type TestDatabase } from "../support/databases";

/** The environment that points the CLI at a test database, as an operator's would at theirs. */
function cliEnv({ config }: TestDatabase) {
  return config.dialect === "sqlite"
    ? { DATA_DIR: path.dirname(config.file), DATABASE_URL: undefined }
    : { DATABASE_URL: config.connectionString, DATA_DIR: undefined };
}

const create = (email: string, ...more: string[]) => [
  "users:create",
  "--email",
  email,
  "--role",
  "sales",
  "--password",
  "cli-pass-13579",
  ...more,
];

describe.each(dialects)("users:create from the command line on %s", (dialect) => {
  const freshDatabase = databasePerTest(dialect);

  it("gives a staff member the display name visitors read, and still creates one without it", async () => {
    const database = await freshDatabase();
    const env = cliEnv(database);

    const named = await runCli(create("sam@agency.example", "--name", "  Sam Jones  "), env);
    expect(named.code, named.output).toBe(0);
    expect(named.output).toContain('Created sam@agency.example (sales), shown to visitors as "Sam Jones".');
    const sam = await database.db
      .selectFrom("user")
      .select(["name", "email"])
      .where("email", "=", "sam@agency.example")
      .executeTakeFirstOrThrow();
    expect(visibleStaffName(sam)).toBe("Sam Jones");

    // Without --name: no name, so visitors read the agency's name, never the address or "owner".
    const bare = await runCli(create("ana@agency.example"), env);
    expect(bare.code, bare.output).toBe(0);
    expect(bare.output).toContain("Created ana@agency.example (sales).");
    const ana = await findStaffUser(database.db, { email: "ana@agency.example" });
    expect(ana?.name).toBe("");
  });

  it("refuses a name longer than the profile screen allows, and creates no account", async () => {
    const database = await freshDatabase();
    const refused = await runCli(create("long@agency.example", "--name", "N".repeat(101)), cliEnv(database));
    expect(refused.code).toBe(2);
    expect(refused.output).toContain("--name: Names are at most 100 characters.");
    expect(await findStaffUser(database.db, { email: "long@agency.example" })).toBeUndefined();
  });
});
