// Summarises a V8 heap snapshot (from `BENCH_HEAP_SNAPSHOT=1 npm run bench:memory`): self sizes by
// node type, the largest groups by type and constructor, and the loaded modules' source text by
// package. Usage: npm exec -- tsx bench/heap-summary.ts FILE.heapsnapshot [rows]
import { readFileSync } from "node:fs";

type Snapshot = {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] } };
  nodes: number[];
  edges: number[];
  strings: string[];
};

const file = process.argv[2];
if (!file) throw new Error("usage: tsx bench/heap-summary.ts FILE.heapsnapshot [rows]");
const rows = Number(process.argv[3] ?? 30);
const { snapshot, nodes, edges, strings } = JSON.parse(readFileSync(file, "utf8")) as Snapshot;
const { node_fields, node_types, edge_fields, edge_types } = snapshot.meta;
const nodeFields = node_fields.length;
const edgeFields = edge_fields.length;
const TYPE = node_fields.indexOf("type");
const NAME = node_fields.indexOf("name");
const SIZE = node_fields.indexOf("self_size");
const EDGES = node_fields.indexOf("edge_count");
const EDGE_TYPE = edge_fields.indexOf("type");
const EDGE_NAME = edge_fields.indexOf("name_or_index");
const EDGE_TO = edge_fields.indexOf("to_node");
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(2).padStart(7);

const byType = new Map<string, number>();
const byGroup = new Map<string, { bytes: number; count: number }>();
const sourceByPackage = new Map<string, { bytes: number; count: number }>();
const add = (map: Map<string, { bytes: number; count: number }>, key: string, bytes: number) => {
  const entry = map.get(key) ?? { bytes: 0, count: 0 };
  entry.bytes += bytes;
  entry.count++;
  map.set(key, entry);
};

let edge = 0;
for (let node = 0; node < nodes.length; node += nodeFields) {
  const type = node_types[0][nodes[node + TYPE]!]!;
  const name = strings[nodes[node + NAME]!]!;
  const size = nodes[node + SIZE]!;
  byType.set(type, (byType.get(type) ?? 0) + size);
  const group = type.includes("string") ? "(strings)" : type === "closure" ? "(closures)" : name.slice(0, 60);
  add(byGroup, `${type} | ${group}`, size);
  const edgeCount = nodes[node + EDGES]!;
  // A script's `source` edge leads to its text: grouped by the package (or build file) it came from.
  const isScript = type === "code" && name.includes("/");
  for (let i = 0; i < edgeCount; i++, edge += edgeFields) {
    if (!isScript) continue;
    const edgeType = edge_types[0][edges[edge + EDGE_TYPE]!];
    if (edgeType === "element" || edgeType === "hidden" || strings[edges[edge + EDGE_NAME]!] !== "source") continue;
    const owner = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(name)?.[1] ?? name.replace(/.*\/build\//, "build/");
    add(sourceByPackage, owner, nodes[edges[edge + EDGE_TO]! + SIZE]!);
  }
}

const total = [...byType.values()].reduce((sum, bytes) => sum + bytes, 0);
console.log(`${file}: ${mb(total).trim()} MB in ${nodes.length / nodeFields} nodes`);
console.log(
  [...byType]
    .sort((a, b) => b[1] - a[1])
    .map(([type, bytes]) => `${type} ${mb(bytes).trim()}`)
    .join(", "),
);
const table = (title: string, map: Map<string, { bytes: number; count: number }>) => {
  console.log(`\n${title} (MB, count)`);
  for (const [key, { bytes, count }] of [...map].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, rows)) {
    console.log(`${mb(bytes)} ${String(count).padStart(8)}  ${key}`);
  }
};
table("largest groups by type and constructor", byGroup);
table("source text of loaded modules by package", sourceByPackage);
