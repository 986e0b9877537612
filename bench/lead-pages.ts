// npm run bench:lead-pages — which database pages one captured lead writes, and so what its commit
// costs the disk on SQLite: the production build on a fresh database, leads posted through the public
// JSON endpoint, and after each the frames of the WAL file read and named by the table or index whose
// page they hold. A lead that commits alone writes every page it touched once; leads that share a
// commit (group commit) share the pages they have in common, which is why `npm run bench:leads` shows
// fewer bytes per lead flat out than paced. Page counts, not times: the figures hold on any machine.
//
//   BENCH_LEADS=5   leads posted one at a time (each its own commit)
//   --no-build      measure the build as it is
import { readFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { startAppServer } from "../tests/support/app-server";
import { buildUnlessNoBuild } from "./build-first";

const LEADS = Number(process.env.BENCH_LEADS ?? 5);

buildUnlessNoBuild();
// The background checkpointer copies the WAL back every 100 ms; after it, the next commit starts the
// WAL again from its beginning, so a lead posted after this pause finds the WAL holding its own pages.
const CHECKPOINTED_AFTER_MS = 600;

/** The page numbers of the frames in the WAL's current generation (those carrying its salt). */
function walPages(file: string) {
  let wal: Buffer;
  try {
    wal = readFileSync(`${file}-wal`);
  } catch {
    return { pages: [] as number[], pageSize: 0 };
  }
  if (wal.length < 32) return { pages: [], pageSize: 0 };
  const pageSize = wal.readUInt32BE(8);
  const salts = [wal.readUInt32BE(16), wal.readUInt32BE(20)];
  const pages: number[] = [];
  for (let offset = 32; offset + 24 + pageSize <= wal.length; offset += 24 + pageSize) {
    if (wal.readUInt32BE(offset + 8) !== salts[0] || wal.readUInt32BE(offset + 12) !== salts[1]) break;
    pages.push(wal.readUInt32BE(offset));
  }
  return { pages, pageSize };
}

/** Which table, or index of which table, each page of the database file belongs to (SQLite's dbstat). */
function pageOwners(file: string) {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const owners = new Map<number, { name: string; table: string }>();
    const rows = db
      .prepare("select d.name, d.pageno, m.tbl_name as 'table' from dbstat d join sqlite_master m on m.name = d.name")
      .all() as { name: string; pageno: number; table: string }[];
    for (const row of rows) owners.set(row.pageno, { name: row.name, table: row.table });
    return owners;
  } finally {
    db.close();
  }
}

const app = await startAppServer({ TRUST_PROXY: "loopback", NOTIFY_EMAILS: "sales@agency.example" });
if (app.database.dialect !== "sqlite") throw new Error("bench:lead-pages reads a SQLite file");
const file = app.database.file;
try {
  const forms = new DatabaseSync(file, { readOnly: true });
  const form = forms.prepare("select id from forms where name = 'Contact Form'").get() as { id: string };
  forms.close();
  let posted = 0;
  const post = async () => {
    const n = ++posted;
    const answer = await fetch(`${app.url}/api/forms/${form.id}/submissions`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `10.77.${n >> 8}.${n & 255}` },
      body: JSON.stringify({ name: `Pages ${n}`, email: `pages${n}@example.com`, message: "bench" }),
    });
    if (answer.status !== 201) throw new Error(`lead ${n} answered ${answer.status}: ${await answer.text()}`);
  };
  const pause = () => new Promise((resolve) => setTimeout(resolve, CHECKPOINTED_AFTER_MS));

  // The first lead of a fresh database also fills pages that later leads only change: warm up.
  await post();
  await pause();
  const counts: number[] = [];
  let last: { pages: number[]; pageSize: number } = { pages: [], pageSize: 0 };
  for (let i = 0; i < LEADS; i++) {
    await pause();
    await post();
    last = walPages(file);
    counts.push(last.pages.length);
  }
  const owners = pageOwners(file);
  const byTable = new Map<string, { pages: number; indexes: number }>();
  for (const page of last.pages) {
    const owner = owners.get(page) ?? { name: "(new page)", table: "(new page)" };
    const entry = byTable.get(owner.table) ?? { pages: 0, indexes: 0 };
    entry.pages++;
    if (owner.name !== owner.table) entry.indexes++;
    byTable.set(owner.table, entry);
  }
  const kb = (pages: number) => ((pages * (last.pageSize + 24)) / 1024).toFixed(1);
  console.log(`one lead committed alone, ${LEADS} times: WAL frames ${counts.join(", ")}`);
  console.log(
    `the last: ${last.pages.length} pages of ${last.pageSize} bytes = ${kb(last.pages.length)} KB written to the WAL`,
  );
  console.log("pages by table (of which index pages):");
  for (const [name, entry] of [...byTable].sort((a, b) => b[1].pages - a[1].pages)) {
    console.log(`  ${name.padEnd(28)} ${String(entry.pages).padStart(3)}  (${entry.indexes})`);
  }
} finally {
  await app.stop();
}
