import type pg from "pg";
import { pgModule } from "./pg-module.server";

export type PostgresHost = { host: string; port: number };

export type PostgresTarget = {
  hosts: PostgresHost[];
  /** Only a server that takes writes will do (libpq's `target_session_attrs=read-write`). */
  readWrite: boolean;
  /** The URL for one of the hosts, without the parameters only libpq's multi-host form knows. */
  urlFor(host: PostgresHost): string;
};

const MAX_HOSTS = 16;

/**
 * Reads libpq's multi-host form, `postgres://u:p@db1:5432,db2:5432/app?target_session_attrs=read-write`,
 * which node-postgres does not: the URL parser takes one host. Each host becomes a URL of its own;
 * a URL with one host and no `target_session_attrs` is handed on as it was.
 */
export function parsePostgresTarget(url: string): PostgresTarget {
  const match = /^(postgres(?:ql)?:\/\/)([^@/?#]*@)?([^/?#]*)(.*)$/i.exec(url);
  if (!match) throw new Error("DATABASE_URL is not a postgres:// URL");
  const [, scheme, auth = "", hostList = "", rest = ""] = match;
  const queryStart = rest.indexOf("?");
  const pathPart = queryStart === -1 ? rest : rest.slice(0, queryStart);
  const params = new URLSearchParams(queryStart === -1 ? "" : rest.slice(queryStart + 1));
  const attrs = params.get("target_session_attrs") ?? "any";
  if (attrs !== "any" && attrs !== "read-write" && attrs !== "primary") {
    throw new Error(`DATABASE_URL: target_session_attrs=${attrs} is not supported (use read-write or any)`);
  }
  params.delete("target_session_attrs");
  const query = params.toString();
  const entries = hostList.split(",");
  if (entries.length > MAX_HOSTS) throw new Error(`DATABASE_URL names more than ${MAX_HOSTS} hosts`);
  const hosts = entries.map((entry): PostgresHost => {
    const hostPort = /^(\[[^\]]*\]|[^:]*)(?::(\d{1,5}))?$/.exec(entry);
    if (!hostPort?.[1]) throw new Error(`DATABASE_URL: "${entry}" is not a host or host:port`);
    const port = hostPort[2] ? Number(hostPort[2]) : 5432;
    if (port < 1 || port > 65535) throw new Error(`DATABASE_URL: port ${port} is out of range`);
    return { host: hostPort[1], port };
  });
  return {
    hosts,
    readWrite: attrs !== "any",
    urlFor: ({ host, port }) => `${scheme}${auth}${host}:${port}${pathPart}${query ? `?${query}` : ""}`,
  };
}

/** Whether the URL asks for more than one plain connection: several hosts, or a primary only. */
export function needsPrimaryLocator(url: string) {
  try {
    const target = parsePostgresTarget(url);
    return target.hosts.length > 1 || target.readWrite;
  } catch {
    return false;
  }
}

/** SQLSTATEs and driver errors after which the server we talk to may no longer be the primary. */
const FAILOVER_CODES = new Set([
  "25006", // read_only_sql_transaction: a standby (or a demoted primary) took the statement
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up or in recovery
  "08000",
  "08001",
  "08003",
  "08006",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "NO_PRIMARY",
]);

/** Whether an error says the primary went away (so the work may be sent again to the next one). */
export function isFailoverError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && FAILOVER_CODES.has(code)) return true;
  if (
    /Connection terminated|Connection ended unexpectedly|Client has encountered a connection error|timeout exceeded when trying to connect/i.test(
      error.message,
    )
  ) {
    return true;
  }
  return error.cause !== undefined && error.cause !== error && isFailoverError(error.cause);
}

export type DatabaseRole = "primary" | "standby" | "none";

export type FailoverEvent =
  | { type: "primary lost"; host: string }
  | { type: "primary found"; host: string; afterMs: number | null; moved: boolean }
  | { type: "write retried"; retries: number; writesRetried: number };

/** Refused connections: there is no primary among the hosts right now. */
export class NoPrimaryError extends Error {
  code = "NO_PRIMARY";
  constructor(tried: string[]) {
    super(`No primary among the database hosts (${tried.join("; ")})`);
  }
}

const PROBE_SQL = "select pg_is_in_recovery() as recovery, current_setting('transaction_read_only') as read_only";

/**
 * Knows which of the hosts is the primary. Unknown at first and again after a failover; then the
 * hosts are tried in the order given, each asked whether it is in recovery (a standby) or read-only,
 * and the first that takes writes is used. Several connections waiting for it share one search.
 */
export class PrimaryLocator {
  readonly target: PostgresTarget;
  /** Bumped each time the primary is lost: connections of an older generation are dropped. */
  generation = 0;
  failoversSeen = 0;
  /** Writes that went through only after being sent again. */
  writesRetried = 0;
  private current: PostgresHost | null = null;
  private previous: PostgresHost | null = null;
  private lostAt: number | null = null;
  private searching: Promise<PostgresHost> | null = null;
  private listeners: ((event: FailoverEvent) => void)[] = [];

  constructor(
    target: PostgresTarget,
    private readonly clientConfig: pg.ClientConfig,
  ) {
    this.target = target;
  }

  onEvent(listener: (event: FailoverEvent) => void) {
    this.listeners.push(listener);
  }

  get role(): DatabaseRole {
    return this.current ? "primary" : "none";
  }

  get currentHost() {
    return this.current;
  }

  private emit(event: FailoverEvent) {
    for (const listener of this.listeners) listener(event);
  }

  /** The connection of `generation` saw the primary go: forget it, so the next connection searches. */
  lost(generation: number) {
    if (generation !== this.generation || !this.current) return;
    const host = `${this.current.host}:${this.current.port}`;
    this.previous = this.current;
    this.current = null;
    this.generation++;
    this.lostAt = Date.now();
    this.emit({ type: "primary lost", host });
  }

  noteRetriedWrite(retries: number) {
    this.writesRetried++;
    this.emit({ type: "write retried", retries, writesRetried: this.writesRetried });
  }

  async primary(): Promise<PostgresHost> {
    if (this.current) return this.current;
    this.searching ??= this.search().finally(() => {
      this.searching = null;
    });
    return this.searching;
  }

  private async search(): Promise<PostgresHost> {
    const tried: string[] = [];
    for (const host of this.target.hosts) {
      const name = `${host.host}:${host.port}`;
      const verdict = await this.probe(host);
      tried.push(`${name}: ${verdict}`);
      if (verdict !== "primary") continue;
      const moved = this.previous !== null && (this.previous.host !== host.host || this.previous.port !== host.port);
      if (moved) this.failoversSeen++;
      this.current = host;
      const afterMs = this.lostAt === null ? null : Date.now() - this.lostAt;
      this.lostAt = null;
      this.emit({ type: "primary found", host: name, afterMs, moved });
      return host;
    }
    throw new NoPrimaryError(tried);
  }

  private async probe(host: PostgresHost): Promise<string> {
    const client = new (pgModule().Client)({ ...this.clientConfig, connectionString: this.target.urlFor(host) });
    client.on("error", () => {});
    try {
      await client.connect();
      const { rows } = await client.query<{ recovery: boolean; read_only: string }>(PROBE_SQL);
      const row = rows[0];
      if (!this.target.readWrite) return "primary";
      if (row?.recovery) return "standby";
      if (row?.read_only === "on") return "read-only";
      return "primary";
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    } finally {
      client.end().catch(() => {});
    }
  }
}

/** Whether a connected client's server takes writes (a standby promoted meanwhile, or not). */
export async function assertTakesWrites(client: pg.ClientBase) {
  const { rows } = await client.query<{ recovery: boolean; read_only: string }>(PROBE_SQL);
  const row = rows[0];
  if (row?.recovery || row?.read_only === "on") {
    throw Object.assign(new Error("The database server is not the primary (read-only)"), { code: "25006" });
  }
}

type LocatedClient = pg.Client & { generation: number };

/**
 * A pg Client that connects to the primary the locator names, checks that it takes writes, and tells
 * the locator when a statement shows that the primary went away.
 */
function locatedClientClass(locator: PrimaryLocator) {
  return class LocatedClient extends pgModule().Client {
    generation = locator.generation;

    // biome-ignore lint/suspicious/noExplicitAny: pg's overloads (callback or promise).
    override connect(callback?: any): any {
      const connected = (async () => {
        const host = await locator.primary();
        this.generation = locator.generation;
        const self = this as unknown as {
          host: string;
          port: number;
          connectionParameters: { host: string; port: number };
        };
        self.host = host.host;
        self.port = host.port;
        self.connectionParameters.host = host.host;
        self.connectionParameters.port = host.port;
        try {
          await super.connect();
          if (locator.target.readWrite) await assertTakesWrites(this as unknown as pg.ClientBase);
        } catch (error) {
          if (isFailoverError(error)) locator.lost(this.generation);
          throw error;
        }
      })();
      if (!callback) return connected;
      connected.then(
        () => callback(null, this),
        (error: Error) => callback(error),
      );
      return undefined;
    }

    // biome-ignore lint/suspicious/noExplicitAny: pg's overloads of query.
    override query(...args: any[]): any {
      // biome-ignore lint/suspicious/noExplicitAny: pg's overloads of query.
      const result = (super.query as any)(...args);
      if (result && typeof result.then === "function") {
        return result.catch((error: unknown) => {
          if (isFailoverError(error)) locator.lost(this.generation);
          throw error;
        });
      }
      return result;
    }
  };
}

const locators = new WeakMap<pg.Pool, PrimaryLocator>();

/** The locator behind a pool made from a multi-host URL, or undefined for a plain one. */
export function locatorOf(pool: pg.Pool | undefined) {
  return pool ? locators.get(pool) : undefined;
}

/**
 * A pool that only ever hands out connections to the current primary: a connection made before the
 * primary was last lost is closed when it is taken from the pool, and a new one is made instead.
 */
export function createFailoverPool(connectionString: string, options: pg.PoolConfig) {
  const target = parsePostgresTarget(connectionString);
  const { connectionTimeoutMillis = 5_000, types } = options;
  const locator = new PrimaryLocator(target, { connectionTimeoutMillis, types });
  const first = target.hosts[0] as PostgresHost;
  const pool = new (pgModule().Pool)({
    ...options,
    connectionString: target.urlFor(first),
    Client: locatedClientClass(locator) as unknown as typeof pg.Client,
  });
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const checkout = async (): Promise<pg.PoolClient> => {
    for (let stale = 0; ; stale++) {
      const client = (await connect()) as pg.PoolClient & LocatedClient;
      if (client.generation === locator.generation || stale > (options.max ?? 10)) return client;
      client.release(true);
    }
  };
  // pg's own pool.query() takes its connection through connect() with a callback.
  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads (callback or promise).
  (pool as any).connect = (
    callback?: (error: Error | undefined, client?: pg.PoolClient, done?: () => void) => void,
  ) => {
    const taken = checkout();
    if (!callback) return taken;
    taken.then(
      (client) => callback(undefined, client, () => client.release()),
      (error: Error) => callback(error),
    );
    return undefined;
  };
  locators.set(pool, locator);
  return pool;
}
