import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startAppServer } from "../support/app-server";
import { createDatabaseOn } from "../support/postgres-cluster";
import { type ReplicatedPair, startReplicatedPair } from "../support/postgres-replication";

// Replication is PostgreSQL's own: this test has no SQLite counterpart.

describe("the app while its primary is replaced", () => {
  let pair: ReplicatedPair;
  let app: AppServer;
  beforeAll(async () => {
    pair = await startReplicatedPair();
    await createDatabaseOn(pair.primary().url, "agency");
    app = await startAppServer({ DATABASE_URL: pair.url("agency") });
  }, 180_000);
  afterAll(async () => {
    await app?.stop();
    await pair?.stop();
  });

  it("says it is not ready while there is no primary, serves cached public pages from memory meanwhile, and is ready again after the promotion", async () => {
    expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
    // The first view fills the page cache; the second shows what a visitor gets from it.
    await fetch(`${app.url}/`).then((response) => response.text());
    const cached = await fetch(`${app.url}/`);
    expect(cached.status).toBe(200);
    const body = await cached.text();
    expect(body).toContain("<html");

    const oldPrimary = pair.primary();
    await pair.killPrimary();
    const readyz = await fetch(`${app.url}/readyz`);
    expect(readyz.status).toBe(503);
    const home = await fetch(`${app.url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toBe(body);

    await pair.promoteStandby();
    await pair.rejoinAsStandby(oldPrimary);
    let ready = 0;
    for (const deadline = Date.now() + 30_000; ready !== 200 && Date.now() < deadline; ) {
      ready = (await fetch(`${app.url}/readyz`)).status;
      if (ready !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(ready).toBe(200);
    expect((await fetch(`${app.url}/`)).status).toBe(200);
  }, 120_000);
});
