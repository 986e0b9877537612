// npm run bench:sign-in — times the three ways a password sign-in is refused (wrong password, unknown
// address, disabled account) against the production build on SQLite, and prints their percentiles.
// They should agree within noise: the answer's timing must not tell a disabled account apart.
import { openDatabase } from "~/server/db/database.server";
import { createStaffUser, setStaffDisabled } from "~/server/users/staff-users.server";
import { startAppServer } from "../tests/support/app-server";
import { buildUnlessNoBuild } from "./build-first";

const ATTEMPTS = Number(process.env.BENCH_ATTEMPTS ?? 40);

buildUnlessNoBuild();

// Each attempt comes from its own address (through a trusted proxy), so no limit or slow-down applies.
const app = await startAppServer({ TRUST_PROXY: "loopback" });
const db = openDatabase(app.database);
const actor = { id: null, email: "bench" };
try {
  const accounts = Array.from({ length: ATTEMPTS }, (_, index) => index);
  for (const index of accounts) {
    await createStaffUser(
      db,
      { email: `active${index}@example.com`, password: "right-password", role: "sales" },
      actor,
    );
    const leaver = await createStaffUser(
      db,
      { email: `leaver${index}@example.com`, password: "right-password", role: "sales" },
      actor,
    );
    await setStaffDisabled(db, leaver.id, true, actor);
  }
  const cases = [
    { label: "wrong password", email: (index: number) => `active${index}@example.com`, password: "wrong-password" },
    { label: "unknown address", email: (index: number) => `nobody${index}@example.com`, password: "right-password" },
    { label: "disabled account", email: (index: number) => `leaver${index}@example.com`, password: "right-password" },
  ];
  const timings = new Map<string, number[]>(cases.map((c) => [c.label, []]));
  let address = 0;
  // Interleaved, so that a burst of load on the machine hits all three alike.
  for (const index of accounts) {
    for (const { label, email, password } of cases) {
      address++;
      const started = performance.now();
      const response = await fetch(`${app.url}/api/auth/sign-in/email`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: app.url,
          "x-forwarded-for": `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
        },
        body: JSON.stringify({ email: email(index), password }),
      });
      await response.arrayBuffer();
      if (response.status !== 401) throw new Error(`${label}: expected 401, got ${response.status}`);
      timings.get(label)!.push(performance.now() - started);
    }
  }
  const percentile = (values: number[], p: number) =>
    [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;
  console.log(`\nsign-in refusals, ${ATTEMPTS} each (ms)`);
  console.log(`${"case".padEnd(18)} ${"p10".padStart(7)} ${"p50".padStart(7)} ${"p90".padStart(7)}`);
  for (const [label, values] of timings) {
    const figures = [10, 50, 90].map((p) => percentile(values, p).toFixed(1).padStart(7));
    console.log(`${label.padEnd(18)} ${figures.join(" ")}`);
  }
} finally {
  await db.destroy();
  await app.stop();
}
