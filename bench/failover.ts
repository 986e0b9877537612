// npm run bench:failover — a PostgreSQL primary and a synchronous standby on loopback (the binaries the
// tests find), two app processes whose DATABASE_URL names both hosts with target_session_attrs=read-write,
// and 20 visitors posting the contact form without JavaScript (a 303 to the thank-you page is the
// acknowledgement). The primary is killed with kill -9 three times; each time the standby is promoted
// with pg_ctl promote (the part a failover manager plays) and the old primary rejoins as a standby
// (pg_rewind, else a fresh pg_basebackup). A visitor whose post is refused sends the same lead again.
// Then every acknowledged lead is looked for: lost, stored twice. The same load against one server
// without a standby, in the same run, is the throughput it is compared with. Bounded: stops itself.
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { type AppServer, startAppServer } from "../tests/support/app-server";
import { agedFormToken, formTokenCookieHeader, withFormSecret } from "../tests/support/form-token";
import { startReplicatedPair } from "../tests/support/postgres-replication";
import { buildUnlessNoBuild } from "./build-first";

const VISITORS = 20;
const STEADY_SECONDS = 10;
const FAILOVERS = 3;
const SETTLE_SECONDS = 4;
const HARD_LIMIT_MS = 15 * 60_000;

setTimeout(() => {
  process.stderr.write("bench:failover ran past its time limit\n");
  process.exit(2);
}, HARD_LIMIT_MS).unref();

buildUnlessNoBuild();

type Load = { acknowledged: Set<string>; sent: number; refusals: number; longestWaitMs: number; stop(): Promise<void> };

let visitorNumber = 0;
const tokensFrom = Date.now();

/** 20 visitors, each posting leads one after the other to one of the apps in turn, each lead from its own address. */
function startLoad(apps: AppServer[]): Load {
  const acknowledged = new Set<string>();
  let running = true;
  const load = { acknowledged, sent: 0, refusals: 0, longestWaitMs: 0 };
  const visitor = async (v: number) => {
    while (running) {
      const n = ++visitorNumber;
      const email = `failover${n}@example.com`;
      const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
      const token = agedFormToken({ clientIp: address, userAgent: null }, tokensFrom - n);
      const app = apps[(v + n) % apps.length] as AppServer;
      const body = new URLSearchParams({
        flow: "contact",
        website_url: "",
        name: `Visitor ${n}`,
        email,
        message: "bench",
      });
      // Sent again, the same lead, until it is acknowledged: what a visitor shown the form again does.
      for (;;) {
        const started = Date.now();
        load.sent++;
        const status = await fetch(`${app.url}/lead`, {
          method: "POST",
          redirect: "manual",
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            Origin: app.url,
            "x-forwarded-for": address,
            Cookie: formTokenCookieHeader(token),
          },
          body,
        })
          .then(async (response) => {
            await response.arrayBuffer();
            return response.status;
          })
          .catch(() => 0);
        load.longestWaitMs = Math.max(load.longestWaitMs, Date.now() - started);
        if (status === 303) {
          acknowledged.add(email);
          break;
        }
        load.refusals++;
        if (!running) break;
        await sleep(500);
      }
    }
  };
  const visitors = Array.from({ length: VISITORS }, (_, v) => visitor(v));
  return Object.assign(load, {
    async stop() {
      running = false;
      await Promise.all(visitors);
    },
  });
}

async function startApps(databaseUrl: string) {
  const env = { DATABASE_URL: databaseUrl, TRUST_PROXY: "loopback", LOG_LEVEL: "warn", ...withFormSecret };
  const first = await startAppServer(env);
  const second = await startAppServer(env);
  return [first, second];
}

async function storedLeads(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ email: string; count: number }>(
      "select email, count(*)::int as count from leads where email like 'failover%' group by email",
    );
    return new Map(rows.map((row) => [row.email, row.count]));
  } finally {
    await client.end();
  }
}

/** Leads acknowledged a second over STEADY_SECONDS, counted from two seconds in (once the load is running). */
async function steadyRate(load: Load) {
  await sleep(2_000);
  const before = load.acknowledged.size;
  await sleep(STEADY_SECONDS * 1000);
  return (load.acknowledged.size - before) / STEADY_SECONDS;
}

// One server, no standby, with the pair's settings otherwise: the throughput to compare with.
const single = await startReplicatedPair({ synchronous: false, standby: false });
let singleRate = 0;
try {
  const apps = await startApps(single.url("postgres"));
  try {
    const load = startLoad(apps);
    singleRate = await steadyRate(load);
    await load.stop();
  } finally {
    await Promise.all(apps.map((app) => app.stop("SIGTERM")));
  }
} finally {
  await single.stop();
}
console.log(`one server: ${singleRate.toFixed(0)} leads/s acknowledged (${VISITORS} visitors, two app processes)`);

const pair = await startReplicatedPair({ synchronous: true });
let summary = "";
try {
  const apps = await startApps(pair.url("postgres"));
  try {
    const load = startLoad(apps);
    const pairRate = await steadyRate(load);
    console.log(`primary + synchronous standby: ${pairRate.toFixed(0)} leads/s acknowledged`);
    let longestWithoutPrimaryMs = 0;
    for (let failover = 1; failover <= FAILOVERS; failover++) {
      const old = pair.primary();
      const killedAt = Date.now();
      await pair.killPrimary();
      await pair.promoteStandby();
      const withoutPrimaryMs = Date.now() - killedAt;
      longestWithoutPrimaryMs = Math.max(longestWithoutPrimaryMs, withoutPrimaryMs);
      await pair.rejoinAsStandby(old);
      console.log(
        `failover ${failover}: ${old.name} killed, standby promoted after ${(withoutPrimaryMs / 1000).toFixed(1)} s, ` +
          `${old.name} rejoined as standby after ${((Date.now() - killedAt) / 1000).toFixed(1)} s`,
      );
      await sleep(SETTLE_SECONDS * 1000);
    }
    await load.stop();
    const stored = await storedLeads(pair.primary().url);
    const storedCount = [...stored.values()].reduce((sum, count) => sum + count, 0);
    const lost = [...load.acknowledged].filter((email) => !stored.has(email)).length;
    const duplicated = [...stored.values()].filter((count) => count > 1).length;
    console.log(`posts sent ${load.sent}, refused and sent again ${load.refusals}`);
    summary =
      `failover: failovers ${FAILOVERS}, acknowledged ${load.acknowledged.size}, stored ${storedCount}, ` +
      `lost ${lost}, duplicated ${duplicated}, longest without primary ${(longestWithoutPrimaryMs / 1000).toFixed(1)} s, ` +
      `longest wait ${(load.longestWaitMs / 1000).toFixed(1)} s, ` +
      `throughput ${singleRate > 0 ? Math.round((pairRate / singleRate) * 100) : 0}% of one server`;
  } finally {
    await Promise.all(apps.map((app) => app.stop("SIGTERM")));
  }
} finally {
  await pair.stop();
}
console.log(summary);
process.exit(0);
