import { startAppServer } from "./app-server";
import { contactFormId, type LoadResult, startLoad, storedLeadIds, withDatabase } from "./load";
import { createDatabaseOn, startPostgresCluster } from "./postgres-cluster";

export type OutageReport = {
  down: number;
  up: number;
  /** Each /readyz check: when it was sent, and its answer (0: no answer). */
  readiness: { at: number; status: number }[];
  load: LoadResult;
  /** Acknowledged leads that are not in the database afterwards. */
  lost: string[];
  serverOutput: string;
  summary: string;
};

/**
 * The app on a private PostgreSQL cluster (never the shared test cluster, which other tests use
 * meanwhile) under a load of leads and page views; PostgreSQL stops for `downSeconds` and starts
 * again. Reports what visitors and /readyz saw.
 */
export async function measurePostgresOutage({ downSeconds = 3 } = {}): Promise<OutageReport> {
  const cluster = await startPostgresCluster();
  try {
    const databaseUrl = await createDatabaseOn(cluster.url, "agency");
    const database = { dialect: "postgres" as const, connectionString: databaseUrl };
    const app = await startAppServer({ TRUST_PROXY: "loopback", DATABASE_URL: databaseUrl });
    try {
      const readiness: OutageReport["readiness"] = [];
      let polling = true;
      const poller = (async () => {
        while (polling) {
          const at = Date.now();
          const status = await fetch(`${app.url}/readyz`).then(
            (response) => response.status,
            () => 0,
          );
          readiness.push({ at, status });
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })();
      const load = startLoad(app.url, await withDatabase(database, contactFormId), {
        connections: 4,
        maxSeconds: 120,
        allow: (status) => status === 503,
      });
      while (load.result.acknowledged.length < 30) await new Promise((resolve) => setTimeout(resolve, 50));

      const down = Date.now();
      cluster.stopServer();
      await new Promise((resolve) => setTimeout(resolve, downSeconds * 1000));
      cluster.startServer();
      const up = Date.now();
      const recovered = () => readiness.some((check) => check.at > up && check.status === 200);
      while (!recovered() && Date.now() - up < 30_000) await new Promise((resolve) => setTimeout(resolve, 50));
      const before = load.result.acknowledged.length;
      while (load.result.acknowledged.length < before + 30 && Date.now() - up < 60_000) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const result = await load.stop();
      polling = false;
      await poller;

      const ids = result.acknowledged.map((lead) => lead.leadId);
      const stored = await storedLeadIds(database, ids);
      const back = readiness.find((check) => check.at > up && check.status === 200);
      const span = result.unavailable.length
        ? (Math.max(...result.unavailable) - Math.min(...result.unavailable)) / 1000
        : 0;
      const summary =
        `PostgreSQL down for ${((up - down) / 1000).toFixed(1)} s: visitors saw 503s for ${span.toFixed(1)} s ` +
        `(${result.unavailable.length} requests answered 503, ${result.withoutRetryAfter} without Retry-After; ${result.failures} other failures); ` +
        `/readyz back ${back ? `${((back.at - up) / 1000).toFixed(1)} s` : "never"} after the restart; ` +
        `${ids.length} leads acknowledged, ${ids.length - stored.size} lost`;
      return {
        down,
        up,
        readiness,
        load: result,
        lost: ids.filter((id) => !stored.has(id)),
        serverOutput: app.output(),
        summary,
      };
    } finally {
      await app.stop();
    }
  } finally {
    await cluster.stop();
  }
}
