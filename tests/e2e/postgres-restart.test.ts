import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { type AppServer, startAppServer } from "../support/app-server";
import { contactFormId, startLoad, storedLeadIds } from "../support/load";
import { type PostgresCluster, startPostgresCluster } from "../support/postgres-cluster";

/**
 * PostgreSQL going away under load, on a private cluster of this test's own (the shared one serves
 * every other test file meanwhile).
 */
describe("PostgreSQL restarted under load", () => {
  let cluster: PostgresCluster | undefined;
  let app: AppServer | undefined;
  afterEach(async () => {
    await app?.stop();
    await cluster?.stop();
    app = cluster = undefined;
  });

  it("answers 503 with a retry hint meanwhile, reconnects by itself within seconds, and loses no acknowledged lead", async () => {
    cluster = await startPostgresCluster();
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query("create database agency");
    await admin.end();
    const databaseUrl = cluster.url.replace(/\/postgres$/, "/agency");
    app = await startAppServer({ TRUST_PROXY: "loopback", DATABASE_URL: databaseUrl });
    const database = { dialect: "postgres" as const, connectionString: databaseUrl };
    const running = app;

    /** Each /readyz check: when it was sent, and its answer. */
    const readiness: { at: number; status: number }[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        const at = Date.now();
        const status = await fetch(`${running.url}/readyz`).then(
          (response) => response.status,
          () => 0,
        );
        readiness.push({ at, status });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();

    const load = startLoad(app.url, await contactFormId({ database }), {
      connections: 4,
      maxSeconds: 120,
      allow: (status) => status === 503,
    });
    while (load.result.acknowledged.length < 30) await new Promise((resolve) => setTimeout(resolve, 50));

    // The database goes away for three seconds, then comes back.
    const down = Date.now();
    cluster.stopServer();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    cluster.startServer();
    const up = Date.now();
    const recovered = () => readiness.some((check) => check.at > up && check.status === 200);
    while (!recovered() && Date.now() - up < 30_000) await new Promise((resolve) => setTimeout(resolve, 50));
    const leadsBeforeMore = load.result.acknowledged.length;
    while (load.result.acknowledged.length < leadsBeforeMore + 30 && Date.now() - up < 60_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const result = await load.stop();
    polling = false;
    await poller;

    // /readyz said so while it lasted, and came back by itself within seconds.
    expect(
      readiness.some((check) => check.at > down && check.status === 503),
      `${JSON.stringify(
        readiness
          .filter((check) => check.at > down - 1000)
          .map((check) => [check.at - down, check.status])
          .slice(0, 20),
      )}\n${running.output().slice(-2500)}`,
    ).toBe(true);
    const back = readiness.find((check) => check.at > up && check.status === 200);
    expect(back, "ready again").toBeDefined();
    expect((back!.at - up) / 1000).toBeLessThan(15);

    // Visitors got 503 with Retry-After, never another error, and never a success that was not saved.
    const errors = running
      .output()
      .split("\n")
      .filter((line) => line.includes('"level":50'))
      .slice(0, 3)
      .map((line) => line.slice(0, 1500));
    expect(result.failures, `${JSON.stringify(result.failureKinds)}\n${errors.join("\n")}`).toBe(0);
    expect(result.unavailable.length).toBeGreaterThan(0);
    expect(result.withoutRetryAfter).toBe(0);
    expect(result.acknowledged.filter((lead) => lead.at > up).length).toBeGreaterThanOrEqual(30);
    const ids = result.acknowledged.map((lead) => lead.leadId);
    const stored = await storedLeadIds(database, ids);
    expect(ids.filter((id) => !stored.has(id))).toEqual([]);

    const firstError = Math.min(...result.unavailable);
    const lastError = Math.max(...result.unavailable);
    console.log(
      `PostgreSQL down for ${((up - down) / 1000).toFixed(1)} s: visitors saw 503s for ${((lastError - firstError) / 1000).toFixed(1)} s ` +
        `(${result.unavailable.length} requests answered 503, all with Retry-After); /readyz back ${((back!.at - up) / 1000).toFixed(1)} s after the restart; ` +
        `${ids.length} leads acknowledged, ${ids.length - stored.size} lost`,
    );
  }, 180_000);
});
