// npm run bench:reload — rolling restarts under load: the app with WEB_CONCURRENCY=2 (SQLite, or
// PostgreSQL with BENCH_DATABASE_URL) takes a bounded loopback load of leads and page views while it
// gets SIGHUP three times; prints how many requests failed (the promise: none) and how long each
// reload took.
import { startAppServer } from "../tests/support/app-server";
import { contactFormId, startLoad, storedLeadIds, withDatabase } from "../tests/support/load";
import { buildUnlessNoBuild } from "./build-first";

const RELOADS = 3;

buildUnlessNoBuild();

const app = await startAppServer({
  WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? "2",
  TRUST_PROXY: "loopback",
  LOG_LEVEL: "info",
  DATABASE_URL: process.env.BENCH_DATABASE_URL,
});
const count = (needle: string) => app.output().split(needle).length - 1;
const until = async (check: () => boolean) => {
  const deadline = Date.now() + 120_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out; server output:\n${app.output().slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};
try {
  await until(() => app.output().includes("supervising server processes"));
  const load = startLoad(app.url, await withDatabase(app.database, contactFormId), { connections: 8, maxSeconds: 300 });
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const reloads: number[] = [];
  for (let round = 1; round <= RELOADS; round++) {
    const started = performance.now();
    process.kill(app.process.pid!, "SIGHUP");
    await until(() => count('"msg":"reload done"') === round);
    reloads.push((performance.now() - started) / 1000);
  }
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const result = await load.stop();
  const ids = result.acknowledged.map((lead) => lead.leadId);
  const stored = await storedLeadIds(app.database, ids);
  console.log(
    `WEB_CONCURRENCY=${process.env.WEB_CONCURRENCY ?? "2"}, ${app.database.dialect}: ${result.requests} requests in ${result.seconds.toFixed(1)} s ` +
      `(${result.acknowledged.length} leads, ${result.pages} pages) across ${RELOADS} rolling reloads of ${reloads.map((s) => `${s.toFixed(1)} s`).join(", ")}`,
  );
  console.log(
    `failed requests: ${result.failures}${result.failures ? ` ${JSON.stringify(result.failureKinds)}` : ""}; acknowledged leads missing from the database: ${ids.length - stored.size}`,
  );
  if (result.failures > 0 || stored.size !== ids.length) {
    for (const failure of result.failureLog) console.log(`  ${new Date(failure.at).toISOString()} ${failure.kind}`);
    console.log(
      app
        .output()
        .split("\n")
        .filter((line) => /reload|process|stopping|stopped|listening|shutting/.test(line))
        .join("\n"),
    );
    process.exitCode = 1;
  }
} finally {
  await app.stop();
}
