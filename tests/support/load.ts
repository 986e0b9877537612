import type { DatabaseConfig } from "~/server/config.server";
import { openDatabase } from "~/server/db/database.server";
import type { Database } from "~/server/db/schema.server";

export type LoadResult = {
  requests: number;
  failures: number;
  /** What the failures were: `503`, `ECONNRESET`, … with how often. */
  failureKinds: Record<string, number>;
  /** Each failure, when it happened. */
  failureLog: { at: number; kind: string }[];
  /** Leads the app answered 201 for, with the time of the answer. */
  acknowledged: { leadId: string; at: number }[];
  pages: number;
  seconds: number;
  /** 503 answers (allowed ones), when each came, and how many lacked a Retry-After. */
  unavailable: number[];
  withoutRetryAfter: number;
  /** When each request that succeeded was answered. */
  successes: number[];
};

/** The id of the Contact Form, which takes leads on POST /api/forms/{id}/submissions. */
export async function contactFormId(db: Database) {
  const form = await db.selectFrom("forms").select("id").where("name", "=", "Contact Form").executeTakeFirstOrThrow();
  return form.id;
}

/** Runs `use` on a connection of its own to the database, closed once `use` is done. */
export async function withDatabase<T>(database: DatabaseConfig, use: (db: Database) => Promise<T>) {
  const db = openDatabase(database);
  try {
    return await use(db);
  } finally {
    await db.destroy();
  }
}

let visitorCounter = 0;

/**
 * A bounded load on loopback: `connections` loops, each sending a lead (each from its own visitor
 * address, through TRUST_PROXY=loopback) and then fetching the home page, until `stop()` or `maxSeconds`.
 * Anything but a 201 or a 200 counts as a failure, unless `allow(status)` says it is an honest answer.
 */
export function startLoad(
  url: string,
  formId: string,
  {
    connections = 8,
    maxSeconds = 60,
    pages = true,
    leads = true,
    allow = () => false,
  }: {
    connections?: number;
    maxSeconds?: number;
    pages?: boolean;
    leads?: boolean;
    allow?: (status: number) => boolean;
  } = {},
) {
  const result: LoadResult = {
    requests: 0,
    failures: 0,
    failureKinds: {},
    failureLog: [],
    acknowledged: [],
    pages: 0,
    seconds: 0,
    unavailable: [],
    withoutRetryAfter: 0,
    successes: [],
  };
  const started = performance.now();
  let stopped = false;
  const fail = (kind: string) => {
    result.failures++;
    result.failureKinds[kind] = (result.failureKinds[kind] ?? 0) + 1;
    result.failureLog.push({ at: Date.now(), kind });
  };
  const errorKind = (error: unknown) => {
    const cause = (error as { cause?: { code?: string } }).cause;
    return cause?.code ?? (error instanceof Error ? error.message : String(error));
  };
  const noteAllowed = (response: Response) => {
    if (response.status !== 503) return;
    result.unavailable.push(Date.now());
    if (!response.headers.get("retry-after")) result.withoutRetryAfter++;
  };
  /** One request of `kind`: `send` makes it and says whether it did its work; else a failure, unless allowed. */
  async function attempt(kind: "lead" | "page", send: () => Promise<{ response: Response; ok: boolean }>) {
    result.requests++;
    try {
      const { response, ok } = await send();
      if (ok) result.successes.push(Date.now());
      else if (!allow(response.status)) fail(`${kind} ${response.status}`);
      else noteAllowed(response);
    } catch (error) {
      fail(`${kind} ${errorKind(error)}`);
    }
  }
  const sendLead = () =>
    attempt("lead", async () => {
      const n = ++visitorCounter;
      const response = await fetch(`${url}/api/forms/${formId}/submissions`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "X-Forwarded-For": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
        },
        body: JSON.stringify({ name: `Load ${n}`, email: `load${n}@example.com`, message: "load" }),
      });
      const { leadId } = (await response.json()) as { leadId?: string };
      if (response.status !== 201 || !leadId) return { response, ok: false };
      result.acknowledged.push({ leadId, at: Date.now() });
      return { response, ok: true };
    });
  const getPage = () =>
    attempt("page", async () => {
      const response = await fetch(`${url}/`);
      await response.arrayBuffer();
      if (response.status !== 200) return { response, ok: false };
      result.pages++;
      return { response, ok: true };
    });
  async function loop() {
    while (!stopped && performance.now() - started < maxSeconds * 1000) {
      if (leads) await sendLead();
      if (pages) await getPage();
    }
  }
  const running = Promise.all(Array.from({ length: connections }, loop));
  return {
    result,
    async stop() {
      stopped = true;
      await running;
      result.seconds = (performance.now() - started) / 1000;
      return result;
    },
  };
}

/** Which of the given lead ids are in the app's database. */
export function storedLeadIds(database: DatabaseConfig, ids: string[]) {
  return withDatabase(database, async (db) => {
    const found = new Set<string>();
    for (let start = 0; start < ids.length; start += 500) {
      const rows = await db
        .selectFrom("leads")
        .select("id")
        .where("id", "in", ids.slice(start, start + 500))
        .execute();
      for (const row of rows) found.add(row.id);
    }
    return found;
  });
}

/** Waits until the supervisor reports `workers` server processes. */
export async function waitForWorkers(metricsPort: number, workers: number) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`).then(
      (response) => response.text(),
      () => "",
    );
    if (new RegExp(`^agency_server_processes ${workers}$`, "m").test(metrics)) return;
    if (Date.now() > deadline) throw new Error(`${workers} workers did not start`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
