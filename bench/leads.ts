// npm run bench:leads — with WEB_CONCURRENCY 1 and 2 side by side (or the WEB_CONCURRENCY given), a bounded load of lead submissions against the production build on loopback,
// on SQLite with synchronous=FULL, in two phases: flat out (how many leads a second can it take, and how
// fast does it answer meanwhile?) and paced at the target rate (how fast does it answer while taking
// 1,000 leads a second?), then the site's contact form posted without JavaScript (a form post to /lead
// answered by a redirect to the thank-you page), flat out and paced the same way. Then a check that
// every acknowledged lead is in the database exactly once.
// With --webhook, one active webhook endpoint (lead.created) points at a fast receiver on loopback the
// whole time, and afterwards a backlog of 10,000 events is delivered to it and its rate printed.
// Last, the JSON posts again as a returning-visitor mix (30% of posts reuse an earlier e-mail in another
// spelling), flat out and paced, printed beside the all-new JSON phases of the same run.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { cpus } from "node:os";
import { openDatabase } from "~/server/db/database.server";
import type { Database } from "~/server/db/schema.server";
import { now } from "~/server/db/values.server";
import { createWebhookEndpoint } from "~/server/webhooks/endpoints.server";
import { recordWebhookEvent } from "~/server/webhooks/events.server";
import { startAppServer } from "../tests/support/app-server";
import { agedFormToken, formTokenCookieHeader, withFormSecret } from "../tests/support/form-token";
import { freePort } from "../tests/support/free-port";
import { waitForWorkers } from "../tests/support/load";
import { workerPids } from "../tests/support/workers";
import { buildUnlessNoBuild } from "./build-first";

const CONNECTIONS = 20;
const WEBHOOK = process.argv.includes("--webhook");
const WEBHOOK_BACKLOG = 10_000;
// Smaller runs while developing: BENCH_REQUESTS=2000 (warm-up and each phase).
const SCALE = process.env.BENCH_REQUESTS ? Number(process.env.BENCH_REQUESTS) : undefined;
const WARMUP_REQUESTS = SCALE ?? 8000;
/** The target lead capture must meet: this many leads a second over CONNECTIONS connections, with p99 under 25 ms. */
const TARGET_RATE = 1000;
const PHASE_REQUESTS = SCALE ?? 10_000;
const MAX_SECONDS = 15;

buildUnlessNoBuild();

type Answer = { status: number; body: string };

/**
 * One keep-alive connection speaking just enough HTTP/1.1 for this endpoint (its answers always carry
 * a Content-Length). The load generator shares this 2-core machine with the server: node:http cost it
 * 0.28 ms of CPU per request, this 0.05 ms, which leaves the second core to the server's own threads
 * (checkpoints, garbage collection) and keeps the client's own delays out of the latencies.
 */
class Connection {
  readonly #socket: Socket;
  #buffer: Buffer = Buffer.alloc(0);
  #waiting: ((answer: Answer) => void) | undefined;
  readonly ready: Promise<void>;

  constructor(readonly url: URL) {
    this.#socket = connect(Number(url.port), url.hostname);
    this.#socket.setNoDelay(true);
    this.ready = once(this.#socket, "connect").then(() => undefined);
    this.#socket.on("data", (chunk: Buffer) => this.#read(chunk));
  }

  post(body: string, headers: Record<string, string>, path = this.url.pathname) {
    const lines = Object.entries({
      Host: this.url.host,
      "Content-Type": "application/json",
      "Content-Length": String(Buffer.byteLength(body)),
      ...headers,
    }).map(([name, value]) => `${name}: ${value}\r\n`);
    const answer = new Promise<Answer>((resolve) => {
      this.#waiting = resolve;
    });
    this.#socket.write(`POST ${path} HTTP/1.1\r\n${lines.join("")}\r\n${body}`);
    return answer;
  }

  #read(chunk: Buffer) {
    this.#buffer = this.#buffer.length > 0 ? Buffer.concat([this.#buffer, chunk]) : chunk;
    const headEnd = this.#buffer.indexOf("\r\n\r\n");
    if (headEnd < 0) return;
    const head = this.#buffer.subarray(0, headEnd).toString("latin1");
    // An answer without a length comes in chunks (a page's answer does): its body ends with an empty chunk.
    const chunked = /\r\ntransfer-encoding: *chunked/i.test(head);
    const length = chunked
      ? this.#buffer.indexOf("\r\n0\r\n\r\n", headEnd + 2) + 7 - (headEnd + 4)
      : Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    if ((chunked && length < 0) || this.#buffer.length < headEnd + 4 + length) return;
    const body = this.#buffer.subarray(headEnd + 4, headEnd + 4 + length).toString("utf8");
    this.#buffer = this.#buffer.subarray(headEnd + 4 + length);
    const waiting = this.#waiting;
    this.#waiting = undefined;
    waiting?.({ status: Number(head.slice(9, 12)), body });
  }

  close() {
    this.#socket.end();
  }
}

/**
 * CPU seconds the server's processes have used so far (user and system, Linux), or NaN. Per lead, it
 * is the figure that holds on a busy machine, where the rates only say how much of the CPU we got.
 */
function cpuSecondsOf(pids: (number | undefined)[]) {
  return pids.reduce<number>((sum, pid) => {
    try {
      // The fields after the command's name (which is in parentheses): utime and stime are 14th and 15th.
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      return sum + (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      return Number.NaN;
    }
  }, 0);
}

/** CPU time the hypervisor gave to other guests (Linux's "steal"), in seconds summed over all cores. */
function stolenSeconds() {
  try {
    const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/);
    return Number(fields[8]) / 100;
  } catch {
    return Number.NaN;
  }
}

/**
 * The time a fixed loop of arithmetic takes here, the fastest of three: on a VM whose host is busy
 * it grows even when the guest's load average and steal time say nothing, and so tells a reader
 * whether this run's figures came from a slower machine.
 */
function cpuReferenceMs() {
  let fastest = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    let sum = 0;
    for (let i = 0; i < 100_000_000; i++) sum += i % 7;
    if (sum < 0) throw new Error("unreachable");
    fastest = Math.min(fastest, performance.now() - started);
  }
  return fastest;
}

/** Bytes the server's processes have caused to be written to disk so far (Linux), or NaN. */
function bytesWrittenBy(pids: (number | undefined)[]) {
  return pids.reduce<number>((sum, pid) => sum + bytesWritten(pid), 0);
}

/** Bytes the server process has caused to be written to disk so far (Linux), or NaN. */
function bytesWritten(pid: number | undefined) {
  try {
    return Number(/^write_bytes: (\d+)$/m.exec(readFileSync(`/proc/${pid}/io`, "utf8"))?.[1]);
  } catch {
    return Number.NaN;
  }
}

// Each request comes from its own address through the (trusted) loopback proxy, as real visitors do,
// so the per-IP and per-address limits apply as they would in production. Every lead queues a staff
// notification (no SMTP server: the mails wait in the outbox), as on a configured site.
async function runBench(workers: number | null, durableFlush: string | undefined) {
  const metricsPort = await freePort();
  const app = await startAppServer({
    TRUST_PROXY: "loopback",
    ...withFormSecret,
    LOG_LEVEL: "error",
    NOTIFY_EMAILS: "sales@agency.example",
    WEB_CONCURRENCY: workers === null ? undefined : String(workers),
    METRICS_PORT: String(metricsPort),
    SQLITE_DURABLE_FLUSH: durableFlush,
    SQLITE_GROUP_COMMIT_MS: process.env.SQLITE_GROUP_COMMIT_MS,
    ...(WEBHOOK ? { WEBHOOK_ALLOW_PRIVATE: "true" } : {}),
  });
  if (workers !== null) await waitForWorkers(metricsPort, workers);
  const pids = () => [app.process.pid, ...workerPids(app)];
  const db = openDatabase(app.database);
  const receiver = WEBHOOK ? await startReceiver() : undefined;
  try {
    const endpointId = receiver
      ? (
          await createWebhookEndpoint(
            db,
            {
              url: receiver.url,
              description: "bench",
              events: ["lead.created"],
              format: "standard",
              includeSpam: false,
            },
            { id: null, email: "bench" },
            { allowPrivate: true },
          )
        ).id
      : undefined;
    const form = await db.selectFrom("forms").select("id").where("name", "=", "Contact Form").executeTakeFirstOrThrow();
    const url = new URL(`${app.url}/api/forms/${form.id}/submissions`);
    const connections = Array.from({ length: CONNECTIONS }, () => new Connection(url));
    await Promise.all(connections.map((connection) => connection.ready));
    const acknowledged: string[] = [];
    let sent = 0;
    let failures = 0;
    // Posts of the site's form without JavaScript: answered with the redirect to the thank-you page.
    let acknowledgedPlain = 0;
    let plainForm = false;
    // A browser without JavaScript carries the fill-time token its visit to the page set, bound to
    // that visitor (address, user agent) and good for a few leads: each simulated visitor has its
    // own, issued a person's time before the post (the server's own signing, with the bench's secret).
    const plainHeaders = { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url };
    const tokensFrom = Date.now();

    async function submitPlain(connection: Connection, n: number) {
      const body = new URLSearchParams({
        flow: "contact",
        website_url: "",
        name: `Plain ${n}`,
        email: `plain${n}@example.com`,
        message: "bench",
      }).toString();
      const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
      // Issued a millisecond apart, so that no two visitors of one network share a token.
      const token = agedFormToken({ clientIp: address, userAgent: null }, tokensFrom - n);
      const answer = await connection.post(
        body,
        { ...plainHeaders, "x-forwarded-for": address, Cookie: formTokenCookieHeader(token) },
        "/lead",
      );
      if (answer.status === 303) {
        acknowledged.push(`plain-${n}`);
        acknowledgedPlain++;
      } else failures++;
    }

    async function submit(connection: Connection, n: number) {
      if (plainForm) return submitPlain(connection, n);
      if (returning) return submitReturning(connection, n, returning);
      const answer = await connection.post(
        JSON.stringify({ name: `Load ${n}`, email: `load${n}@example.com`, message: "bench" }),
        {
          "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
        },
      );
      const leadId = answer.status === 201 ? (JSON.parse(answer.body) as { leadId?: string }).leadId : undefined;
      if (leadId) acknowledged.push(leadId);
      else failures++;
    }

    // The returning-visitor mix: its returning posts answer with their submission's id.
    let returning: ReturningVisitors | null = null;
    async function submitReturning(connection: Connection, n: number, visitors: ReturningVisitors) {
      const { email, isReturning } = visitors.next(n);
      const answer = await connection.post(JSON.stringify({ name: `Visitor ${n}`, email, message: "bench" }), {
        "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
      });
      const id = answer.status === 201 ? (JSON.parse(answer.body) as { leadId?: string }).leadId : undefined;
      if (!id) failures++;
      else if (isReturning) acknowledged.push(`returning-${id}`);
      else {
        acknowledged.push(id);
        visitors.came(email);
      }
    }

    // V8 compiles the server's code as it runs and SQLite fills its cache: the first few thousand
    // requests measure those, not the steady state a server that runs for days is in.
    const warmupEnd = WARMUP_REQUESTS;
    await Promise.all(
      connections.map(async (connection) => {
        while (sent < warmupEnd) await submit(connection, sent++);
      }),
    );

    type Phase = {
      name: string;
      seconds: number;
      leads: number;
      latencies: number[];
      stolenShare: number;
      bytesPerLead: number;
      cpuMsPerLead: number;
    };

    /** Runs one phase; `scheduleFor` paces it (the time request `k` of a connection is due), or not. */
    async function phase(name: string, scheduleFor?: (connection: number, k: number) => number): Promise<Phase> {
      const latencies: number[] = [];
      const acknowledgedBefore = acknowledged.length;
      const first = sent;
      const deadline = performance.now() + MAX_SECONDS * 1000;
      const stolenBefore = stolenSeconds();
      const writtenBefore = bytesWrittenBy(pids());
      const cpuBefore = cpuSecondsOf(pids());
      const started = performance.now();
      await Promise.all(
        connections.map(async (connection, index) => {
          for (let k = 0; ; k++) {
            const due = scheduleFor ? started + scheduleFor(index, k) : performance.now();
            const wait = due - performance.now();
            if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
            if (sent >= first + PHASE_REQUESTS || performance.now() >= deadline) break;
            await submit(connection, sent++);
            // From when the request was due, not when it went out: a server that falls behind the pace
            // cannot hide its delay in the requests the client could not send yet.
            latencies.push(performance.now() - due);
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const stolenShare = (stolenSeconds() - stolenBefore) / (seconds * cpus().length);
      const leads = acknowledged.length - acknowledgedBefore;
      const bytesPerLead = (bytesWrittenBy(pids()) - writtenBefore) / leads;
      const cpuMsPerLead = (1000 * (cpuSecondsOf(pids()) - cpuBefore)) / leads;
      return { name, seconds, leads, latencies, stolenShare, bytesPerLead, cpuMsPerLead };
    }

    const gapMs = (1000 * CONNECTIONS) / TARGET_RATE;
    const flatOut = await phase("flat out");
    const paced = await phase(
      `paced at ${TARGET_RATE}/s`,
      (connection, k) => k * gapMs + (connection * gapMs) / CONNECTIONS,
    );
    plainForm = true;
    const plainFlatOut = await phase("no-JS form, flat out");
    const plainPaced = await phase(
      `no-JS form, paced at ${TARGET_RATE}/s`,
      (connection, k) => k * gapMs + (connection * gapMs) / CONNECTIONS,
    );
    plainForm = false;
    returning = returningVisitors();
    const returningFlatOut = await phase("returning 30%, flat out");
    const returningPaced = await phase(
      `returning 30%, paced at ${TARGET_RATE}/s`,
      (connection, k) => k * gapMs + (connection * gapMs) / CONNECTIONS,
    );
    const phases = [flatOut, paced, plainFlatOut, plainPaced, returningFlatOut, returningPaced];
    for (const connection of connections) connection.close();

    const stored = await db.selectFrom("leads").select("id").execute();
    const queuedMails = await db.selectFrom("email_outbox").select("id").execute();
    const storedIds = new Set(stored.map((row) => row.id));
    const plainStored = await db
      .selectFrom("leads")
      .select("id")
      .where("email", "like", "plain%@example.com")
      .execute();
    // A bench lead flagged as spam would skip the mails and owners a real lead costs.
    const flagged = await db.selectFrom("leads").select("spam_reason").where("is_spam", "=", true).execute();
    const returningIds = acknowledged.filter((id) => id.startsWith("returning-")).map((id) => id.slice(10));
    // A returning post lands on the earlier lead: its submission is not a lead of its own.
    const attached = returningIds.length
      ? await db
          .selectFrom("form_submissions")
          .select("id")
          .where("id", "in", returningIds)
          .whereRef("lead_id", "!=", "id")
          .execute()
      : [];
    console.log(
      `returning posts acknowledged: ${returningIds.length}; on the earlier person's lead: ${attached.length}`,
    );
    const missing =
      returningIds.length -
      attached.length +
      acknowledged.filter((id) => !/^(plain|returning)-/.test(id) && !storedIds.has(id)).length +
      Math.max(0, acknowledgedPlain - plainStored.length);
    const duplicates = acknowledged.length - new Set(acknowledged).size;

    console.log(
      `\n${variantName(durableFlush)}, WEB_CONCURRENCY=${workers ?? "unset"}: ${CONNECTIONS} connections, ${WARMUP_REQUESTS} warm-up requests, then each phase: up to ${PHASE_REQUESTS} requests or ${MAX_SECONDS} s. SQLite: every lead answered only once its commit is flushed to disk`,
    );
    for (const { name, seconds, leads, latencies, stolenShare, bytesPerLead, cpuMsPerLead } of phases) {
      latencies.sort((a, b) => a - b);
      const pct = (p: number) =>
        latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!.toFixed(1);
      const stolen = Number.isFinite(stolenShare)
        ? `; CPU taken by other guests of this VM: ${(100 * stolenShare).toFixed(0)}%`
        : "";
      const written = Number.isFinite(bytesPerLead) ? `; ${(bytesPerLead / 1024).toFixed(1)} KB written per lead` : "";
      const cpu = Number.isFinite(cpuMsPerLead) ? `; server CPU ${cpuMsPerLead.toFixed(2)} ms per lead` : "";
      console.log(
        `${name.padEnd(30)} ${String(leads).padStart(6)} leads in ${seconds.toFixed(1)} s = ${(leads / seconds).toFixed(0).padStart(5)}/s` +
          `  latency ms p50 ${pct(0.5)}  p90 ${pct(0.9)}  p99 ${pct(0.99)}  max ${latencies.at(-1)!.toFixed(1)}${written}${cpu}${stolen}`,
      );
    }
    if (failures > 0) console.log(`failures: ${failures}`);
    if (flagged.length > 0) console.log(`flagged as spam: ${flagged.length} (first: ${flagged[0]!.spam_reason})`);
    console.log(
      `in the database: ${stored.length} leads (warm-up included), ${queuedMails.length} queued notifications; acknowledged but missing ${missing}; duplicated ${duplicates}`,
    );
    if (
      missing > 0 ||
      duplicates > 0 ||
      stored.length !== acknowledged.length - returningIds.length ||
      // The site's contact form also thanks the visitor by e-mail: at least one notification a lead.
      queuedMails.length < acknowledged.length ||
      flagged.length > 0 ||
      failures > 0
    ) {
      console.error("FAILED: every submission must be acknowledged and stored exactly once");
      process.exitCode = 1;
    }
    if (receiver && endpointId) {
      const deliveredDuringLoad = await receiver.count();
      console.log(
        `webhook: one active endpoint (lead.created) on a loopback receiver; it had received ${deliveredDuringLoad} of ${acknowledged.length} leads when the load ended`,
      );
      await webhookBacklog(db, endpointId, receiver);
    }
    const p99 = (latencies: number[]) => latencies[Math.floor(latencies.length * 0.99)] ?? Number.NaN;
    return {
      workers,
      variant: variantName(durableFlush),
      flatOut: flatOut.leads / flatOut.seconds,
      flatOutP99: p99(flatOut.latencies),
      flatOutCpu: flatOut.cpuMsPerLead,
      plainFlatOutCpu: plainFlatOut.cpuMsPerLead,
      returningFlatOutCpu: returningFlatOut.cpuMsPerLead,
      paced: paced.leads / paced.seconds,
      pacedP99: p99(paced.latencies),
      plainFlatOut: plainFlatOut.leads / plainFlatOut.seconds,
      plainPaced: plainPaced.leads / plainPaced.seconds,
      plainPacedP99: p99(plainPaced.latencies),
      returningFlatOut: returningFlatOut.leads / returningFlatOut.seconds,
      returningFlatOutP99: p99(returningFlatOut.latencies),
      returningPaced: returningPaced.leads / returningPaced.seconds,
      returningPacedP99: p99(returningPaced.latencies),
    };
  } finally {
    await db.destroy();
    await app.stop();
    receiver?.stop();
  }
}

// WEB_CONCURRENCY=N measures N workers; unset, 1 and 2 side by side. Each is measured twice in the
// same run: with the disk flush inside COMMIT, blocking the event loop (the default until the WAL was
// flushed on the thread pool, SQLITE_DURABLE_FLUSH=inline), and as configured (SQLITE_DURABLE_FLUSH
// and SQLITE_GROUP_COMMIT_MS from the environment; the thread pool's flush when unset).
// BENCH_BEFORE=0 skips the first.
const BEFORE = "inline";
function variantName(durableFlush: string | undefined) {
  return durableFlush === BEFORE
    ? "before (SQLITE_DURABLE_FLUSH=inline)"
    : `now (SQLITE_DURABLE_FLUSH=${durableFlush})`;
}
const loadAverage = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const loadBefore = loadAverage();
const referenceBefore = cpuReferenceMs();
const given = process.env.WEB_CONCURRENCY?.trim();
const variants =
  process.env.BENCH_BEFORE === "0"
    ? [process.env.SQLITE_DURABLE_FLUSH ?? "thread"]
    : [BEFORE, process.env.SQLITE_DURABLE_FLUSH ?? "thread"];
const results: Awaited<ReturnType<typeof runBench>>[] = [];
for (const workers of given ? [given === "auto" ? cpus().length : Number(given)] : [1, 2]) {
  for (const variant of variants) results.push(await runBench(workers, variant));
}
console.log(`\nload average (1, 5, 15 min) before the run: ${loadBefore}; after: ${loadAverage()}`);
console.log(
  `CPU reference (a fixed loop, ms; slower means a busier host, which steal time does not always show): before the run ${referenceBefore.toFixed(0)}, after ${cpuReferenceMs().toFixed(0)}`,
);
console.log(`${"".padEnd(34)}${results.map((result) => `WEB_CONCURRENCY=${result.workers}`.padStart(22)).join("")}`);
console.log(`${"".padEnd(34)}${results.map((result) => result.variant.replace(/ \(.*/, "").padStart(22)).join("")}`);
const row = (label: string, value: (result: (typeof results)[number]) => string) =>
  console.log(`${label.padEnd(34)}${results.map((result) => value(result).padStart(22)).join("")}`);
row("JSON flat out, leads/s", (result) => result.flatOut.toFixed(0));
row("JSON flat out, p99 ms", (result) => result.flatOutP99.toFixed(1));
row("JSON flat out, server CPU ms/lead", (result) => result.flatOutCpu.toFixed(2));
row(`JSON paced ${TARGET_RATE}/s, leads/s`, (result) => result.paced.toFixed(0));
row(`JSON paced ${TARGET_RATE}/s, p99 ms`, (result) => result.pacedP99.toFixed(1));
row("no-JS form flat out, leads/s", (result) => result.plainFlatOut.toFixed(0));
row("no-JS flat out, server CPU ms/lead", (result) => result.plainFlatOutCpu.toFixed(2));
row(`no-JS form paced, leads/s`, (result) => result.plainPaced.toFixed(0));
row(`no-JS form paced, p99 ms`, (result) => result.plainPacedP99.toFixed(1));
row("returning 30% flat out, posts/s", (result) => result.returningFlatOut.toFixed(0));
row("returning 30% flat out, p99 ms", (result) => result.returningFlatOutP99.toFixed(1));
row("returning flat out, CPU ms/post", (result) => result.returningFlatOutCpu.toFixed(2));
row(`returning 30% paced ${TARGET_RATE}/s, p99 ms`, (result) => result.returningPacedP99.toFixed(1));
const yes = (ok: boolean) => (ok ? "met" : "NOT met");
row(`target no-JS ${TARGET_RATE}/s p99<25ms`, (result) =>
  yes(result.plainPaced >= TARGET_RATE * 0.98 && result.plainPacedP99 < 25),
);
row("target JSON >= 2000/s", (result) => yes(result.flatOut >= 2000));

type ReturningVisitors = ReturnType<typeof returningVisitors>;

/**
 * Three posts in ten come from a visitor who wrote before (while one has), each under another spelling
 * of their address: upper case, or the Gmail local part without its dots and with a +tag. Every
 * address comes back once at most, so no per-address limit is reached.
 */
function returningVisitors() {
  const cameBefore: string[] = [];
  return {
    next(n: number) {
      const earlier = n % 10 < 3 ? cameBefore.shift() : undefined;
      if (!earlier) return { email: `visitor.${n}.bench@gmail.com`, isReturning: false };
      const [local = "", domain] = earlier.split("@");
      const email =
        n % 2 === 0 ? earlier.toUpperCase() : `${local.replaceAll(".", "")}+again${n}@${domain?.toUpperCase()}`;
      return { email, isReturning: true };
    },
    came(email: string) {
      cameBefore.push(email);
    },
  };
}

async function startReceiver() {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/webhook-receiver.ts"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const [chunk] = (await once(child.stdout!, "data")) as [Buffer];
  const port = Number(chunk.toString().trim());
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    async count() {
      return Number(await (await fetch(`http://127.0.0.1:${port}/count`)).text());
    },
    stop() {
      child.kill("SIGTERM");
    },
  };
}

/**
 * The delivery rate of a backlog: with the endpoint paused, 10,000 events are recorded and fanned out
 * to it; then it is resumed and the rate is taken from its first to its last attempt.
 */
async function webhookBacklog(db: Database, endpointId: string, receiver: Awaited<ReturnType<typeof startReceiver>>) {
  const waitUntil = async (check: () => Promise<boolean>, what: string, seconds = 120) => {
    const deadline = Date.now() + seconds * 1000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`${what} did not happen within ${seconds} s`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const count = async (where: (query: ReturnType<typeof deliveries>) => ReturnType<typeof deliveries>) =>
    Number((await where(deliveries()).executeTakeFirstOrThrow()).count);
  const deliveries = () =>
    db
      .selectFrom("webhook_deliveries")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("endpoint_id", "=", endpointId);
  // Everything from the load first, fanned out and delivered, so the backlog is measured alone.
  const undispatched = async () =>
    Number(
      (
        await db
          .selectFrom("webhook_events")
          .select((eb) => eb.fn.countAll<number>().as("count"))
          .where("dispatched_at", "is", null)
          .executeTakeFirstOrThrow()
      ).count,
    );
  await waitUntil(
    async () =>
      (await undispatched()) === 0 && (await count((query) => query.where("status", "!=", "delivered"))) === 0,
    "the load's deliveries",
  );
  await db.updateTable("webhook_endpoints").set({ status: "paused" }).where("id", "=", endpointId).execute();
  const before = await count((query) => query);
  const receivedBefore = await receiver.count();
  for (let start = 0; start < WEBHOOK_BACKLOG; start += 500) {
    await db.transaction().execute(async (trx) => {
      for (let index = start; index < start + 500; index++) {
        await recordWebhookEvent(trx, {
          type: "lead.created",
          data: { lead: { id: `backlog-${index}`, name: `Backlog ${index}`, email: `backlog${index}@example.com` } },
          at: now(),
          leadId: null,
          email: null,
        });
      }
    });
  }
  await waitUntil(async () => (await count((query) => query)) === before + WEBHOOK_BACKLOG, "fanning out the backlog");
  const resumedAt = new Date().toISOString();
  await db.updateTable("webhook_endpoints").set({ status: "active" }).where("id", "=", endpointId).execute();
  await waitUntil(
    async () => (await count((query) => query.where("status", "!=", "delivered"))) === 0,
    "delivering the backlog",
    300,
  );
  const span = await db
    .selectFrom("webhook_delivery_attempts")
    .select((eb) => [eb.fn.min("attempted_at").as("first"), eb.fn.max("attempted_at").as("last")])
    .where("attempted_at", ">=", resumedAt)
    .executeTakeFirstOrThrow();
  const seconds = (Date.parse(String(span.last)) - Date.parse(String(span.first))) / 1000;
  const received = (await receiver.count()) - receivedBefore;
  console.log(
    `webhook backlog: ${WEBHOOK_BACKLOG} events delivered in ${seconds.toFixed(1)} s = ${(WEBHOOK_BACKLOG / seconds).toFixed(0)}/s; the receiver got ${received}`,
  );
  if (received !== WEBHOOK_BACKLOG) {
    console.error("FAILED: every backlog event must reach the receiver exactly once");
    process.exitCode = 1;
  }
}
