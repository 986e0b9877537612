import type { DatabaseSync, SQLInputValue, StatementSync } from "node:sqlite";
import {
  CompiledQuery,
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

/**
 * Kysely dialect over Node's built-in `node:sqlite`.
 *
 * `DatabaseSync` is one connection, so the driver hands it out to one caller at a time:
 * without that lock, two concurrent Kysely transactions would interleave on it.
 */
export class NodeSqliteDialect implements Dialect {
  readonly #database: DatabaseSync;

  constructor(database: DatabaseSync) {
    this.#database = database;
  }

  createDriver(): Driver {
    return new NodeSqliteDriver(this.#database);
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
}

class NodeSqliteDriver implements Driver {
  readonly #database: DatabaseSync;
  readonly #connection: NodeSqliteConnection;
  #queue: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;

  constructor(database: DatabaseSync) {
    this.#database = database;
    this.#connection = new NodeSqliteConnection(database);
  }

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue;
    let release!: () => void;
    this.#queue = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    this.#release = release;
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }

  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("commit"));
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("rollback"));
  }

  async releaseConnection() {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }

  async destroy() {
    if (this.#database.isOpen) this.#database.close();
  }
}

const STATEMENT_CACHE_SIZE = 256;

class NodeSqliteConnection implements DatabaseConnection {
  readonly #database: DatabaseSync;
  readonly #statements = new Map<string, StatementSync>();

  constructor(database: DatabaseSync) {
    this.#database = database;
  }

  #prepare(sql: string) {
    let statement = this.#statements.get(sql);
    if (statement) return statement;
    statement = this.#database.prepare(sql);
    if (this.#statements.size >= STATEMENT_CACHE_SIZE) {
      const oldest = this.#statements.keys().next().value;
      if (oldest !== undefined) this.#statements.delete(oldest);
    }
    this.#statements.set(sql, statement);
    return statement;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.#prepare(compiledQuery.sql);
    const parameters = compiledQuery.parameters.map(toSqliteValue);
    if (statement.columns().length > 0) {
      return { rows: statement.all(...parameters) as R[] };
    }
    const { changes, lastInsertRowid } = statement.run(...parameters);
    return {
      numAffectedRows: BigInt(changes),
      insertId: BigInt(lastInsertRowid),
      rows: [],
    };
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const statement = this.#prepare(compiledQuery.sql);
    for (const row of statement.iterate(...compiledQuery.parameters.map(toSqliteValue))) {
      yield { rows: [row as R] };
    }
  }
}

function toSqliteValue(value: unknown): SQLInputValue {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (value === undefined) return null;
  return value as SQLInputValue;
}
