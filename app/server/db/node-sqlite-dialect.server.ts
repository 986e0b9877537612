import type { DatabaseSync, SQLInputValue, StatementSync } from "node:sqlite";
import {
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";

type DriverHooks = {
  /** Runs inside every transaction just before it commits, and right after each write made outside one. */
  beforeCommit: (database: DatabaseSync) => void;
  /** Runs when Kysely is destroyed, before the connection closes. */
  beforeClose: () => Promise<void>;
};

/**
 * Kysely dialect over Node's built-in `node:sqlite`.
 *
 * `DatabaseSync` is one connection, so the driver hands it out to one caller at a time:
 * without that lock, two concurrent Kysely transactions would interleave on it.
 */
export class NodeSqliteDialect implements Dialect {
  readonly #database: DatabaseSync;
  readonly #hooks: DriverHooks;

  constructor(database: DatabaseSync, hooks: Partial<DriverHooks> = {}) {
    this.#database = database;
    this.#hooks = { beforeCommit: () => {}, beforeClose: async () => {}, ...hooks };
  }

  createDriver(): Driver {
    return new NodeSqliteDriver(this.#database, this.#hooks);
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new NodeSqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}

/**
 * SQLite does run DDL inside transactions. Saying so makes Kysely's migrator wrap each run in one,
 * and our "begin immediate" then serialises two processes migrating the same file.
 */
class NodeSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl() {
    return true;
  }

  // Our driver queues callers itself; Kysely's own queue in front of it would hide who is waiting,
  // and group commit needs to know.
  override get supportsMultipleConnections() {
    return true;
  }
}

/** How many transactions may share one commit (one fsync) at most. */
const MAX_GROUP_SIZE = 64;

type DeferredCommit = { resolve: () => void; reject: (error: unknown) => void };

/**
 * One caller's turn on the connection. Kysely hands it back to releaseConnection; a turn whose commit
 * joined a group has already passed the connection on, and releasing it again does nothing.
 */
class Lease implements DatabaseConnection {
  released = false;
  mode: "none" | "outer" | "savepoint" = "none";

  constructor(
    readonly driver: NodeSqliteDriver,
    readonly release: () => void,
  ) {}

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    try {
      return Promise.resolve(this.driver.execute<R>(this, compiledQuery));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    return this.driver.stream<R>(this, compiledQuery);
  }
}

/**
 * Group commit. With synchronous=FULL every COMMIT waits for the disk, and with node:sqlite that wait
 * blocks the whole process. When a transaction finishes while others are already queued for the
 * connection, it is not committed alone: the next transactions run inside the same SQLite
 * transaction (each in its own savepoint, so one failing rolls back only itself), and the last one
 * commits them all with one disk flush. Nobody's commit resolves before that flush: a transaction
 * whose group fails to commit fails too, so nothing is acknowledged that is not on disk. A plain
 * write never runs inside a group: it flushes the group first. A plain SELECT may, and then sees the
 * group's rows a moment before they are on disk.
 */
class NodeSqliteDriver implements Driver {
  readonly #database: DatabaseSync;
  readonly #connection: NodeSqliteConnection;
  #queue: Promise<void> = Promise.resolve();
  #waiting = 0;
  /** Transactions done but not yet on disk; non-empty exactly while a group's transaction is open. */
  #group: DeferredCommit[] = [];

  readonly #hooks: DriverHooks;

  constructor(database: DatabaseSync, hooks: DriverHooks) {
    this.#database = database;
    this.#hooks = hooks;
    this.#connection = new NodeSqliteConnection(database);
  }

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue;
    let release!: () => void;
    this.#queue = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.#waiting++;
    await previous;
    this.#waiting--;
    return new Lease(this, release);
  }

  async beginTransaction(connection: DatabaseConnection) {
    const lease = connection as Lease;
    if (this.#group.length > 0) {
      this.#connection.run("savepoint grouped");
      lease.mode = "savepoint";
    } else {
      this.#connection.run("begin immediate");
      lease.mode = "outer";
    }
  }

  async commitTransaction(connection: DatabaseConnection) {
    const lease = connection as Lease;
    if (lease.mode === "savepoint") this.#connection.run("release grouped");
    lease.mode = "none";
    // Statements run synchronously, so a transaction normally ends before any other request has had a
    // turn; one pass of the event loop lets the requests that have arrived meanwhile queue up behind it.
    if (this.#waiting === 0) await new Promise((resolve) => setImmediate(resolve));
    if (this.#waiting > 0 && this.#group.length < MAX_GROUP_SIZE) {
      const committed = new Promise<void>((resolve, reject) => this.#group.push({ resolve, reject }));
      this.#hand(lease);
      return committed;
    }
    this.#flush();
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    const lease = connection as Lease;
    if (lease.mode === "savepoint") {
      this.#connection.run("rollback to grouped");
      this.#connection.run("release grouped");
    } else if (lease.mode === "outer") {
      this.#connection.run("rollback");
    }
    lease.mode = "none";
  }

  async releaseConnection(connection: DatabaseConnection) {
    const lease = connection as Lease;
    if (lease.released) return;
    // The last in line commits what the group left open.
    if (this.#waiting === 0 && this.#group.length > 0) this.#settle();
    this.#hand(lease);
  }

  async destroy() {
    if (this.#group.length > 0) this.#settle();
    await this.#hooks.beforeClose();
    if (this.#database.isOpen) this.#database.close();
  }

  /** Synchronous, like node:sqlite itself: the lease turns it into the promise Kysely expects. */
  execute<R>(lease: Lease, compiledQuery: CompiledQuery): QueryResult<R> {
    const plainWrite = lease.mode === "none" && !isSelect(compiledQuery);
    if (plainWrite && this.#group.length > 0) this.#flush();
    const result = this.#connection.executeQuery<R>(compiledQuery);
    if (plainWrite) {
      try {
        this.#hooks.beforeCommit(this.#database);
      } catch {
        // The write itself has committed. Whatever failed here runs again before the next commit, and
        // fails that commit if it fails again, so it cannot go unnoticed.
      }
    }
    return result;
  }

  async *stream<R>(lease: Lease, compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (lease.mode === "none" && this.#group.length > 0 && !isSelect(compiledQuery)) this.#flush();
    yield* this.#connection.streamQuery<R>(compiledQuery);
  }

  #hand(lease: Lease) {
    lease.released = true;
    lease.release();
  }

  /** Commits the open transaction (the group's and the caller's) and tells the group; throws on failure. */
  #flush() {
    const group = this.#group;
    this.#group = [];
    try {
      this.#hooks.beforeCommit(this.#database);
      this.#connection.run("commit");
    } catch (error) {
      if (this.#database.isTransaction) this.#connection.run("rollback");
      for (const member of group) member.reject(error);
      throw error;
    }
    for (const member of group) member.resolve();
  }

  /** Like #flush, for a caller that has no transaction of its own to fail. */
  #settle() {
    try {
      this.#flush();
    } catch {
      // the group's members were told
    }
  }
}

const STATEMENT_CACHE_SIZE = 256;

/** The one node:sqlite connection, with its prepared statements; synchronous throughout. */
class NodeSqliteConnection {
  readonly #database: DatabaseSync;
  /** Whether a statement returns rows never changes for its SQL text, and asking SQLite allocates. */
  readonly #statements = new Map<string, { statement: StatementSync; returnsRows: boolean }>();

  constructor(database: DatabaseSync) {
    this.#database = database;
  }

  #prepared(sql: string) {
    let prepared = this.#statements.get(sql);
    if (prepared) return prepared;
    const statement = this.#database.prepare(sql);
    prepared = { statement, returnsRows: statement.columns().length > 0 };
    if (this.#statements.size >= STATEMENT_CACHE_SIZE) {
      const oldest = this.#statements.keys().next().value;
      if (oldest !== undefined) this.#statements.delete(oldest);
    }
    this.#statements.set(sql, prepared);
    return prepared;
  }

  executeQuery<R>(compiledQuery: CompiledQuery): QueryResult<R> {
    const { statement, returnsRows } = this.#prepared(compiledQuery.sql);
    const parameters = compiledQuery.parameters.map(toSqliteValue);
    if (returnsRows) {
      return { rows: statement.all(...parameters) as R[] };
    }
    const { changes, lastInsertRowid } = statement.run(...parameters);
    return {
      numAffectedRows: BigInt(changes),
      insertId: BigInt(lastInsertRowid),
      rows: [],
    };
  }

  run(sql: string) {
    this.#prepared(sql).statement.run();
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const { statement } = this.#prepared(compiledQuery.sql);
    for (const row of statement.iterate(...compiledQuery.parameters.map(toSqliteValue))) {
      yield { rows: [row as R] };
    }
  }
}

function isSelect(compiledQuery: CompiledQuery) {
  return compiledQuery.query.kind === "SelectQueryNode";
}

function toSqliteValue(value: unknown): SQLInputValue {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (value === undefined) return null;
  return value as SQLInputValue;
}
