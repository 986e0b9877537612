import path from "node:path";
import { describe, expect, it } from "vitest";
import { apiKeyCreateSchema } from "~/lib/schemas/api-keys";
import { authenticateApiKey, createApiKey, hashApiKey, listApiKeys } from "~/server/api-keys/api-keys.server";
import { runMaintenance } from "~/server/background/maintenance.server";
import { queueFollowUpDigests } from "~/server/leads/follow-ups.server";
import { runCli } from "../support/cli";
import { databasePerTest, dialects, type TestDatabase } from "../support/databases";
import { addStaff } from "../support/staff";

const cli = { id: null, email: "test" };
const DAY = 24 * 60 * 60 * 1000;

/** The environment that points the CLI at a test database, as an operator's would at theirs. */
function cliEnv({ config }: TestDatabase) {
  return config.dialect === "sqlite"
    ? { DATA_DIR: path.dirname(config.file), DATABASE_URL: undefined }
    : { DATABASE_URL: config.connectionString, DATA_DIR: undefined };
}

for (const dialect of dialects) {
  describe(`API keys on ${dialect}`, () => {
    const freshDatabase = databasePerTest(dialect);

    it("keeps only a hash of the key, refuses a second key of the same name, and records the last use", async () => {
      const { db } = await freshDatabase();
      const editor = await addStaff(db, "editor@agency.example", "editor");
      const input = apiKeyCreateSchema.parse({ name: "site sync", areas: "content,content", readOnly: "on" });
      const { key } = await createApiKey(db, editor.id, input, cli);
      expect(key).toMatch(/^agk_[A-Za-z0-9_-]{43}$/);
      const stored = await db.selectFrom("api_keys").selectAll().execute();
      expect(JSON.stringify(stored)).not.toContain(key.slice(4));
      expect(stored[0]?.key_hash).toBe(hashApiKey(key));
      await expect(createApiKey(db, editor.id, input, cli)).rejects.toThrow(/already have a key named "site sync"/);
      const [listed] = await listApiKeys(db, { userId: editor.id });
      expect(listed).toMatchObject({ name: "site sync", readOnly: true, areas: ["content"], lastUsedAt: null });
      expect(Date.parse(listed!.expiresAt) - Date.now()).toBeGreaterThan(89 * DAY);
      const caller = await authenticateApiKey(db, key);
      expect(caller).toMatchObject({ role: "editor", readOnly: true, areas: ["content"], keyName: "site sync" });
      expect((await listApiKeys(db))[0]?.lastUsedAt).not.toBeNull();
    });

    it("forgets idempotent answers after a day, and a key's with the key", async () => {
      const { db } = await freshDatabase();
      const owner = await addStaff(db, "sam@agency.example", "sales");
      const { id } = await createApiKey(db, owner.id, apiKeyCreateSchema.parse({ name: "n8n" }), cli);
      const nowMs = Date.now();
      const row = (key: string, ageMs: number) => ({
        key_id: id,
        idempotency_key: key,
        request: "POST /api/v1/leads/x/notes",
        status: 201,
        body: "{}",
        created_at: new Date(nowMs - ageMs).toISOString(),
      });
      await db
        .insertInto("api_idempotency")
        .values([row("old", 25 * 60 * 60 * 1000), row("fresh", 60 * 1000)])
        .execute();
      await runMaintenance(db, nowMs);
      const kept = await db.selectFrom("api_idempotency").select("idempotency_key").execute();
      expect(kept).toEqual([{ idempotency_key: "fresh" }]);
      await db.deleteFrom("api_keys").where("id", "=", id).execute();
      expect(await db.selectFrom("api_idempotency").select("idempotency_key").execute()).toEqual([]);
    });

    it("reminds the owner in the morning digest once, a week before a key expires, editors included", async () => {
      const { db } = await freshDatabase();
      const editor = await addStaff(db, "editor@agency.example", "editor");
      const nowMs = Date.parse("2030-03-04T09:00:00Z");
      const soon = apiKeyCreateSchema.parse({ name: "reporting sheet", expiresDays: "5" });
      const later = apiKeyCreateSchema.parse({ name: "n8n", expiresDays: "60" });
      await createApiKey(db, editor.id, soon, cli, nowMs);
      await createApiKey(db, editor.id, later, cli, nowMs);
      const digest = { timeZone: "UTC", baseUrl: "https://agency.example", nowMs };
      expect(await queueFollowUpDigests(db, digest)).toBe(1);
      const mails = await db.selectFrom("email_outbox").select(["to_address", "subject", "text_body"]).execute();
      expect(mails).toHaveLength(1);
      expect(mails[0]?.to_address).toBe("editor@agency.example");
      expect(mails[0]?.subject).toBe("API keys expiring soon: reporting sheet");
      expect(mails[0]?.text_body).toContain("- reporting sheet: expires 2030-03-09 09:00 UTC");
      expect(mails[0]?.text_body).not.toContain("n8n");
      // The next morning it is not mentioned again.
      expect(await queueFollowUpDigests(db, { ...digest, nowMs: nowMs + DAY })).toBe(0);
    });

    it("creates, lists and revokes keys from the command line, the key alone on the last line", async () => {
      const database = await freshDatabase();
      const { db } = database;
      const env = cliEnv(database);
      await addStaff(db, "sam@agency.example", "sales");
      const created = await runCli(
        [
          "api-keys:create",
          "--email",
          "sam@agency.example",
          "--name",
          "zapier",
          "--read-only",
          "--areas",
          "leads,bookings",
          "--expires-days",
          "30",
        ],
        env,
      );
      expect(created.code).toBe(0);
      const key = created.output.trim().split("\n").at(-1)!;
      expect(key).toMatch(/^agk_\S+$/);
      expect(await authenticateApiKey(db, key)).toMatchObject({ readOnly: true, areas: ["leads", "bookings"] });

      const bad = await runCli(
        ["api-keys:create", "--email", "sam@agency.example", "--name", "x", "--areas", "crm"],
        env,
      );
      expect(bad.code).toBe(2);
      expect(bad.output).toContain("--areas: Areas are leads, bookings, clients, content, analytics.");

      const listed = await runCli(["api-keys:list", "--email", "sam@agency.example"], env);
      expect(listed.output).toContain('sam@agency.example  "zapier"');
      expect(listed.output).toContain("read-only  leads,bookings");
      expect(listed.output).not.toContain(key);

      const revoked = await runCli(["api-keys:revoke", "--email", "sam@agency.example", "--name", "zapier"], env);
      expect(revoked.code).toBe(0);
      expect(await authenticateApiKey(db, key)).toBeNull();
      const again = await runCli(["api-keys:revoke", "--email", "sam@agency.example", "--name", "zapier"], env);
      expect(again.code).toBe(1);
      expect(again.output).toContain('sam@agency.example has no API key named "zapier".');
    });
  });
}
