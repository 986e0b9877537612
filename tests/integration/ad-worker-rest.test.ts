import { describe, expect, it } from "vitest";
import { watchOthersWriting } from "~/server/ads/worker.server";
import { captureLead } from "~/server/leads/capture.server";
import { databasePerTest } from "../support/databases";

const mail = { baseUrl: "https://agency.example", notifyEmails: ["sales@agency.example"] };

async function enquiry(db: Parameters<typeof captureLead>[0], email: string) {
  await captureLead(db, {
    flow: "contact",
    input: { name: "Jane Doe", email, company: "Acme", message: "Hello" } as never,
    attribution: { pageUrl: "https://agency.example/", referrer: null, userAgent: "UA", browserInfo: null, ads: null },
    mail,
  });
}

// On SQLite the background ad worker rests after a batch only when others wrote meanwhile: captures
// then keep the one writer, and a backlog nobody competes for drains without pauses.
describe("what the ad worker on SQLite counts as others writing", () => {
  const freshDatabase = databasePerTest("sqlite");

  it("a visitor's lead saved through another connection (another process) counts; the worker's own transactions do not", async () => {
    const database = await freshDatabase({ seeded: true });
    const { db } = database;
    const server = database.reopen();

    const quiet = await watchOthersWriting(db);
    await db.transaction().execute((trx) => trx.selectFrom("leads").select("id").execute());
    expect(await quiet(1)).toBe(false);

    const visited = await watchOthersWriting(db);
    await enquiry(server, "other-process@example.com");
    // Counted by the database, whatever this process began: another process's commits show only there.
    expect(await visited(100)).toBe(true);
  });

  it("a visitor's lead saved in the worker's own process counts beyond the worker's own transactions", async () => {
    const { db } = await freshDatabase({ seeded: true });
    const watch = await watchOthersWriting(db);
    await enquiry(db, "same-process@example.com");
    expect(await watch(0)).toBe(true);
    const nothing = await watchOthersWriting(db);
    expect(await nothing(0)).toBe(false);
  });
});
