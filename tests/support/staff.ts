import type { Role } from "~/lib/roles";
import { openDatabase } from "~/server/db/database.server";
import type { Database } from "~/server/db/schema.server";
import { createStaffUser } from "~/server/users/staff-users.server";
import type { AppServer } from "./app-server";

/** The running server's own database, opened from the test process (SQLite's WAL allows both). */
export function appDatabase(app: AppServer): Database {
  return openDatabase(app.database);
}

/** The stored password hash of the staff member with this e-mail address; null when there is none. */
export async function passwordHashOf(db: Database, email: string) {
  const row = await db
    .selectFrom("account")
    .innerJoin("user", "user.id", "account.user_id")
    .select("account.password")
    .where("user.email", "=", email)
    .executeTakeFirst();
  return row?.password ?? null;
}

export async function addStaff(db: Database, email: string, role: Role, password = "staff-pass-2468") {
  const created = await createStaffUser(db, { email, password, role }, { id: null, email: "test" });
  return { ...created, password };
}

/**
 * Posts e-mail and password to better-auth's sign-in endpoint, as the sign-in form does, with any
 * extra headers (an X-Forwarded-For, to act as a person of its own behind the trusted proxy).
 */
export function signInRequest(app: AppServer, email: string, password: string, headers: Record<string, string> = {}) {
  return fetch(`${app.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: app.url, ...headers },
    body: JSON.stringify({ email, password }),
  });
}

/** Signs in through better-auth's HTTP endpoint; returns the Cookie header to send afterwards. */
export async function signIn(app: AppServer, email: string, password: string, headers: Record<string, string> = {}) {
  const response = await signInRequest(app, email, password, headers);
  if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  return cookieHeader(response);
}

export function cookieHeader(response: Response) {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** The one-time setup code the server printed in its log at start (it prints one while no admin exists). */
export function setupCodeFrom(app: AppServer) {
  const code = /enter the setup code ([A-Z0-9-]+) to create the first admin/.exec(app.output())?.[1];
  if (!code) throw new Error(`the server printed no setup code:\n${app.output()}`);
  return code;
}
