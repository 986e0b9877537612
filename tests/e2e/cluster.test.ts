import { readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { dialects } from "../support/databases";
import { freePort } from "../support/free-port";
import { contactFormId, startLoad, storedLeadIds, withDatabase } from "../support/load";
import { appPerTest } from "../support/running-app";
import { workerPids } from "../support/workers";

async function until(check: () => boolean | Promise<boolean>, what: string, seconds = 60) {
  const deadline = Date.now() + seconds * 1000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const count = (text: string, needle: string) => text.split(needle).length - 1;

describe.each(dialects)("WEB_CONCURRENCY=2 on %s", (dialect) => {
  const startApp = appPerTest();

  it("serves from two processes, replaces one that dies, reloads on SIGHUP without a failed request, drains on SIGTERM", async () => {
    const metricsPort = await freePort();
    const app = await startApp(
      { WEB_CONCURRENCY: "2", TRUST_PROXY: "loopback", LOG_LEVEL: "info", METRICS_PORT: String(metricsPort) },
      { dialect },
    );
    await until(() => app.output().includes("supervising server processes"), "the second worker");
    const first = workerPids(app);
    expect(first).toHaveLength(2);
    // Background work is done by one process, not by each: one says so.
    expect(count(app.output(), "this process runs the background work")).toBe(1);
    expect(count(app.output(), "SMTP_URL is not set: mail stays queued")).toBe(1);

    // A rolling reload under load: every worker replaced, one at a time, and no request fails.
    const formId = await withDatabase(app.database, contactFormId);
    const load = startLoad(app.url, formId, { connections: 6, maxSeconds: 120 });
    while (load.result.acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 50));
    process.kill(app.process.pid!, "SIGHUP");
    await until(() => count(app.output(), '"msg":"reload done"') === 1, "the reload", 120);
    const reloaded = workerPids(app);
    expect(reloaded).toHaveLength(2);
    expect(reloaded.filter((pid) => first.includes(pid))).toEqual([]);
    const result = await load.stop();
    console.log(
      `${dialect}: ${result.requests} requests over ${result.seconds.toFixed(1)} s with a rolling reload: ${result.failures} failed`,
    );
    expect(result.failures, `failures: ${JSON.stringify(result.failureLog)}`).toBe(0);
    expect(result.acknowledged.length).toBeGreaterThan(20);
    const ids = result.acknowledged.map((lead) => lead.leadId);
    expect((await storedLeadIds(app.database, ids)).size).toBe(ids.length);

    // A worker killed outright is replaced, and the site answers meanwhile from the other.
    // (A request the dead worker had taken fails with it: that is what SIGKILL means.)
    process.kill(reloaded[0]!, "SIGKILL");
    const answer = () =>
      fetch(`${app.url}/healthz`).then(
        (response) => response.status === 200,
        () => false,
      );
    await until(answer, "an answer from the surviving worker");
    await until(async () => {
      const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`).then(
        (response) => response.text(),
        () => "",
      );
      return /^agency_server_process_restarts_total 1$/m.test(metrics) && /^agency_server_processes 2$/m.test(metrics);
    }, "a replacement worker");
    const afterCrash = workerPids(app);
    expect(afterCrash).toHaveLength(2);
    expect(afterCrash).not.toContain(reloaded[0]);

    // SIGTERM: every worker drains and stops, then the supervisor; every acknowledged lead is kept.
    const code = await app.stop("SIGTERM");
    expect(code).toBe(0);
    for (const pid of afterCrash) expect(() => process.kill(pid, 0)).toThrow();
  }, 240_000);
});

describe("WEB_CONCURRENCY=2 on sqlite: the supervisor's checkpointer", () => {
  const startApp = appPerTest();

  it("keeps the database file current for both workers, from one thread in the supervisor", async () => {
    const app = await startApp(
      { WEB_CONCURRENCY: "2", TRUST_PROXY: "loopback", LOG_LEVEL: "info" },
      { dialect: "sqlite" },
    );
    await until(() => app.output().includes("supervising server processes"), "the second worker");
    if (app.database.dialect !== "sqlite") throw new Error("expected SQLite");
    const file = app.database.file;
    const before = statSync(file).size;
    // Each worker starts with two malloc arenas (glibc reads the variable only at a process's start),
    // from the plain JavaScript entry, which spares it Node's type stripper.
    const pids = workerPids(app);
    expect(pids).toHaveLength(2);
    for (const pid of pids) {
      expect(readFileSync(`/proc/${pid}/environ`, "utf8").split("\0")).toContain("MALLOC_ARENA_MAX=1");
      expect(readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")).toContainEqual(
        expect.stringMatching(/serve-worker\.js$/),
      );
    }
    // Leads from both workers: their commits go to the WAL, far below the size at which a commit
    // checkpoints by itself, so only a background checkpoint can have moved them into the file.
    const formId = await withDatabase(app.database, contactFormId);
    const load = startLoad(app.url, formId, { connections: 4, maxSeconds: 60 });
    while (load.result.acknowledged.length < 40) await new Promise((resolve) => setTimeout(resolve, 50));
    const result = await load.stop();
    expect(result.failures).toBe(0);
    await until(() => statSync(file).size > before, "the leads to reach the database file");
    expect(await app.stop("SIGTERM")).toBe(0);
  }, 120_000);
});
