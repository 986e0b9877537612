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

type DriverOptions = DriverHooks & {
  /**
   * How long (ms) after a commit a transaction that asks to share the next one (`untilNextCommitWindow`)
   * waits before it begins, so that those arriving meanwhile begin with it and commit together.
   * 0: none waits, and a group holds only the transactions already queued when one finishes.
   */
  groupWindowMs: number;
  /**
   * Given, the connection commits with synchronous=NORMAL (in WAL mode no flush inside COMMIT, which
   * would block the event loop) and this flushes the WAL to disk off the event loop instead; nobody's
   * commit resolves before a flush that began after it returned. Absent, COMMIT flushes inline.
   */
  syncWal?: (done: (error: Error | null) => void) => void;
};

/**
 * No window by default: a group takes the transactions already queued when one finishes
 * (docs/decisions/sqlite-dialect-and-group-commit.md has what a window measured).
 */
export const DEFAULT_GROUP_WINDOW_MS = 0;

/**
 * Kysely dialect over Node's built-in `node:sqlite`.
 *
 * `DatabaseSync` is one connection, so the driver hands it out to one caller at a time:
 * without that lock, two concurrent Kysely transactions would interleave on it.
 */
/** Transactions begun on SQLite in this process, by anyone: a long job can see that others want the writer. */
let transactionsBegun = 0;

/**
 * How many transactions have begun on SQLite in this process so far. A long paced job (a bulk change)
 * compares two readings: a rise beyond its own means visitors' leads or others' changes are asking
 * for the one writer, and it gives them longer before it takes the writer again.
 */
export function sqliteTransactionsBegun() {
  return transactionsBegun;
}

export class NodeSqliteDialect implements Dialect {
  readonly #database: DatabaseSync;
  readonly #options: DriverOptions;
  #driver: NodeSqliteDriver | undefined;

  constructor(database: DatabaseSync, options: Partial<DriverOptions> = {}) {
    this.#database = database;
    this.#options = {
      beforeCommit: () => {},
      beforeClose: async () => {},
      groupWindowMs: DEFAULT_GROUP_WINDOW_MS,
      ...options,
    };
  }

  createDriver(): Driver {
    this.#driver = new NodeSqliteDriver(this.#database, this.#options);
    return this.#driver;
  }

  /** See `NodeSqliteDriver.untilNextCommitWindow`. */
  untilNextCommitWindow(): Promise<void> | undefined {
    return this.#driver?.untilNextCommitWindow();
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
  mode: "none" | "savepoint" = "none";

  constructor(
    readonly driver: NodeSqliteDriver,
    readonly release: () => void,
  ) {}

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    try {
      return Promise.resolve(this.driver.executeDurably<R>(this, compiledQuery));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  executeUnflushed<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    try {
      return Promise.resolve(this.driver.executeUnflushed<R>(this, compiledQuery));
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
 * blocks the whole process. So a finished transaction is not committed alone: every transaction runs
 * in a savepoint of its own inside one open SQLite transaction (one failing rolls back only itself),
 * and when one finishes with others queued behind it, they join it and the last of them commits the
 * group with one disk flush, or the group commits when it is full. Nobody's commit resolves before
 * that flush: a transaction whose group fails to commit fails too, so nothing is acknowledged that is
 * not on disk. A plain write never runs inside a group: it flushes the group first. A plain SELECT
 * may, and then sees the group's rows a moment before they are on disk. Leads can also ask to begin
 * together (`untilNextCommitWindow`), so that ones arriving a moment apart still share a commit.
 */
class NodeSqliteDriver implements Driver {
  readonly #database: DatabaseSync;
  readonly #connection: NodeSqliteConnection;
  #queue: Promise<void> = Promise.resolve();
  #waiting = 0;
  /** Transactions done but not yet on disk; all live in the SQLite transaction open meanwhile. */
  #group: DeferredCommit[] = [];
  /** When the last group committed. */
  #lastCommitAt = Number.NEGATIVE_INFINITY;
  /** Resolves when the window after the last commit has passed; shared by everyone waiting for it. */
  #windowPassed: Promise<void> | undefined;
  /** The connection's own synchronous level, restored after each unflushed write. */
  #synchronous: number | undefined;
  /** Commits waiting for the next WAL flush (see `syncWal`), and whether one is running. */
  #syncWaiters: DeferredCommit[] = [];
  #syncing = false;

  readonly #options: DriverOptions;

  constructor(database: DatabaseSync, options: DriverOptions) {
    this.#database = database;
    this.#options = options;
    this.#connection = new NodeSqliteConnection(database);
    if (options.syncWal) database.exec("pragma synchronous = normal");
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
    transactionsBegun++;
    if (!this.#database.isTransaction) this.#connection.run("begin immediate");
    this.#connection.run("savepoint grouped");
    lease.mode = "savepoint";
  }

  async commitTransaction(connection: DatabaseConnection) {
    const lease = connection as Lease;
    this.#connection.run("release grouped");
    lease.mode = "none";
    if (this.#group.length + 1 >= MAX_GROUP_SIZE) return this.#flushAndHand(lease);
    // Only the transactions queued by now join: one pass of the event loop lets the requests that
    // arrived meanwhile queue up behind this one.
    if (this.#waiting === 0) await new Promise((resolve) => setImmediate(resolve));
    if (this.#waiting === 0) return this.#flushAndHand(lease);
    const committed = new Promise<void>((resolve, reject) => this.#group.push({ resolve, reject }));
    this.#hand(lease);
    return committed;
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    const lease = connection as Lease;
    lease.mode = "none";
    if (!this.#database.isTransaction) {
      // SQLite gave up the whole transaction (it does on some errors): the group's work went with it.
      this.#fail(new Error("the database rolled back the transaction this one was grouped with"));
      return;
    }
    this.#connection.run("rollback to grouped");
    this.#connection.run("release grouped");
    // Nothing of anyone's left to commit: end the transaction rather than hold the write lock open.
    if (this.#group.length === 0) this.#connection.run("rollback");
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
    this.#closeGroup();
    while (this.#syncing) await this.#durable().catch(() => {});
    await this.#options.beforeClose();
    if (this.#database.isOpen) this.#database.close();
  }

  /**
   * For a caller about to begin a transaction that should share its commit with others (a lead): when
   * the last commit is less than the window ago, resolves once the window has passed, together with
   * every other caller waiting for it. They then begin one after another and commit as one group:
   * leads a millisecond apart would otherwise each commit alone, writing every page they share (the
   * many index pages of a lead) once per lead. Nothing is held while they wait: the connection serves
   * others, and no lock is taken that another process would wait for. Undefined: begin at once.
   */
  untilNextCommitWindow(): Promise<void> | undefined {
    const wait = this.#lastCommitAt + this.#options.groupWindowMs - performance.now();
    if (wait <= 0) return undefined;
    this.#windowPassed ??= new Promise<void>((resolve) =>
      setTimeout(() => {
        this.#windowPassed = undefined;
        resolve();
      }, wait),
    );
    return this.#windowPassed;
  }

  /** Synchronous, like node:sqlite itself: the lease turns it into the promise Kysely expects. */
  execute<R>(lease: Lease, compiledQuery: CompiledQuery): QueryResult<R> {
    const plainWrite = lease.mode === "none" && !isSelect(compiledQuery);
    if (plainWrite && this.#group.length > 0) this.#flush();
    const result = this.#connection.executeQuery<R>(compiledQuery);
    if (plainWrite) {
      try {
        this.#options.beforeCommit(this.#database);
      } catch {
        // The write itself has committed. Whatever failed here runs again before the next commit, and
        // fails that commit if it fails again, so it cannot go unnoticed.
      }
    }
    return result;
  }

  /** Like `execute`; with `syncWal`, a plain write's result waits for the WAL flush after its commit. */
  executeDurably<R>(lease: Lease, compiledQuery: CompiledQuery): QueryResult<R> | Promise<QueryResult<R>> {
    const plainWrite = lease.mode === "none" && !isSelect(compiledQuery);
    const result = this.execute<R>(lease, compiledQuery);
    if (!plainWrite || !this.#options.syncWal || this.#database.isTransaction) return result;
    return this.#durable().then(() => result);
  }

  /**
   * A plain write committed with synchronous=NORMAL: other connections (other processes) see it at
   * once, but its commit does not wait for the disk, which with node:sqlite would block the process.
   * In WAL mode a power cut may lose the last such commits, never corrupt the file, and the next
   * flushed commit carries them to disk anyway. Inside a transaction it simply joins it.
   */
  executeUnflushed<R>(lease: Lease, compiledQuery: CompiledQuery): QueryResult<R> {
    if (lease.mode !== "none") return this.execute<R>(lease, compiledQuery);
    // The level may only change outside a transaction: the open group commits (flushed) first.
    if (this.#group.length > 0) this.#flush();
    if (this.#database.isTransaction) return this.execute<R>(lease, compiledQuery);
    this.#synchronous ??= Number(
      (this.#database.prepare("pragma synchronous").get() as { synchronous: number }).synchronous,
    );
    this.#connection.run("pragma synchronous = normal");
    try {
      return this.execute<R>(lease, compiledQuery);
    } finally {
      this.#connection.run(`pragma synchronous = ${this.#synchronous}`);
    }
  }

  async *stream<R>(lease: Lease, compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (lease.mode === "none" && this.#group.length > 0 && !isSelect(compiledQuery)) this.#flush();
    yield* this.#connection.streamQuery<R>(compiledQuery);
  }

  #hand(lease: Lease) {
    lease.released = true;
    lease.release();
  }

  /** Takes the group's members out. */
  #closeGroup() {
    const group = this.#group;
    this.#group = [];
    return group;
  }

  /**
   * Commits the open transaction (the group's and the caller's, who holds the connection) and tells
   * the group; throws on failure.
   */
  #flush(): Promise<void> | undefined {
    const group = this.#closeGroup();
    try {
      this.#options.beforeCommit(this.#database);
      this.#lastCommitAt = performance.now();
      this.#connection.run("commit");
    } catch (error) {
      if (this.#database.isTransaction) this.#connection.run("rollback");
      for (const member of group) member.reject(error);
      throw error;
    }
    if (!this.#options.syncWal) {
      for (const member of group) member.resolve();
      return;
    }
    const durable = this.#durable();
    for (const member of group) durable.then(member.resolve, member.reject);
    // Callers that only close a group ignore the promise; its members were told.
    durable.catch(() => {});
    return durable;
  }

  /**
   * Resolves once a WAL flush that began after this call has returned: everything committed before
   * it is then on disk. Commits made while a flush runs share the next one, a group commit of its own.
   */
  #durable(): Promise<void> {
    const durable = new Promise<void>((resolve, reject) => this.#syncWaiters.push({ resolve, reject }));
    if (!this.#syncing) this.#startSync();
    return durable;
  }

  #startSync() {
    const syncWal = this.#options.syncWal;
    if (!syncWal) return;
    const waiters = this.#syncWaiters;
    this.#syncWaiters = [];
    this.#syncing = true;
    syncWal((error) => {
      this.#syncing = false;
      for (const waiter of waiters) {
        if (error) waiter.reject(error);
        else waiter.resolve();
      }
      if (this.#syncWaiters.length > 0) this.#startSync();
    });
  }

  /**
   * Commits, then passes the connection on before the WAL flush returns (see `syncWal`): the next
   * transactions run meanwhile and share the flush after it.
   */
  #flushAndHand(lease: Lease) {
    const durable = this.#flush();
    this.#hand(lease);
    return durable;
  }

  /** Like #flush, for a caller that has no transaction of its own to fail. */
  #settle() {
    try {
      this.#flush();
    } catch {
      // the group's members were told
    }
  }

  /** The open transaction is gone: every member of the group fails, none was acknowledged. */
  #fail(error: Error) {
    const group = this.#closeGroup();
    for (const member of group) member.reject(error);
  }
}

/**
 * Runs one write (outside a transaction) that need not survive a power cut, such as a rate-limit count:
 * on SQLite it commits without waiting for the disk (see `executeUnflushed`); on any other connection
 * it runs as usual.
 */
export function executeUnflushed<R>(connection: DatabaseConnection, query: CompiledQuery): Promise<QueryResult<R>> {
  return connection instanceof Lease ? connection.executeUnflushed<R>(query) : connection.executeQuery<R>(query);
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
