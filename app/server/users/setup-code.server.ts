import { randomInt, timingSafeEqual } from "node:crypto";
import type { Database } from "../db/schema.server";
import { now } from "../db/values.server";
import { isSetupComplete } from "./staff-users.server";

const SETUP_CODE_SECRET = "setup_code";
/** No 0/O or 1/I/L to misread when copying from a log. */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const GROUPS = 4;
const GROUP_LENGTH = 5;

function newSetupCode() {
  return Array.from({ length: GROUPS }, () =>
    Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(""),
  ).join("-");
}

/** Spaces, dashes and case do not matter when the code is typed in. */
function normalised(code: string) {
  return code.replace(/[\s-]/g, "").toUpperCase();
}

/**
 * The one-time code that lets its holder create the first admin at /admin/setup, so that a fresh
 * install reachable from the internet is not claimed by whoever finds it first. Made once and kept in
 * the database (every app process and the CLI show the same one) while no admin exists; null, and
 * gone, once one does.
 */
export async function currentSetupCode(db: Database): Promise<string | null> {
  if (await isSetupComplete(db)) {
    await forgetSetupCode(db);
    return null;
  }
  await db
    .insertInto("app_secrets")
    .values({ name: SETUP_CODE_SECRET, value: newSetupCode(), created_at: now() })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const row = await db
    .selectFrom("app_secrets")
    .select("value")
    .where("name", "=", SETUP_CODE_SECRET)
    .executeTakeFirstOrThrow();
  return row.value;
}

export async function isSetupCodeValid(db: Database, given: string) {
  const row = await db
    .selectFrom("app_secrets")
    .select("value")
    .where("name", "=", SETUP_CODE_SECRET)
    .executeTakeFirst();
  if (!row) return false;
  const expected = Buffer.from(normalised(row.value));
  const actual = Buffer.from(normalised(given));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export async function forgetSetupCode(db: Database) {
  await db.deleteFrom("app_secrets").where("name", "=", SETUP_CODE_SECRET).execute();
}

/** The log line that tells the operator how to create the first admin. */
export function setupCodeNotice(code: string, baseUrl: string) {
  return `No admin exists yet. Open ${baseUrl}/admin/setup and enter the setup code ${code} to create the first admin (\`npm run cli -- setup-code\` prints it again).`;
}
