import { hashPassword } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { dialects } from "../support/databases";
import { runAppForBlock } from "../support/running-app";
import { passwordHashOf, setupCodeFrom, signIn } from "../support/staff";

const TOO_SHORT = "tenletters";
const TOO_SHORT_MESSAGE = "Passwords must be at least 12 characters.";
/** On the shipped list as it is, and a listed word padded to length. */
const COMMON = ["1qaz2wsx3edc", "Password2024!"];
const COMMON_MESSAGE = "That password is on a list of common and breached passwords.";

describe.each(dialects)("new staff passwords (%s)", (dialect) => {
  const running = runAppForBlock({}, { dialect });

  const post = (path: string, fields: Record<string, string>, cookie = "") =>
    fetch(`${running.app.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: running.app.url, "content-type": "application/x-www-form-urlencoded", cookie },
      body: new URLSearchParams(fields),
    });

  /** Every weak password is refused with its message and a 400; `accepted` shows nothing changed. */
  async function expectRefusals(send: (password: string) => Promise<Response>) {
    for (const [password, message] of [[TOO_SHORT, TOO_SHORT_MESSAGE], ...COMMON.map((p) => [p, COMMON_MESSAGE])]) {
      const response = await send(password!);
      expect(response.status, password).toBe(400);
      expect(await response.text(), password).toContain(message);
    }
  }

  const passwordOf = (email: string) => passwordHashOf(running.db, email);

  it("refuses short and common passwords on setup, user create, reset and change, and takes a good one", async () => {
    const setupCode = setupCodeFrom(running.app);
    await expectRefusals((password) => post("/admin/setup", { email: "owner@example.com", password, setupCode }));
    expect(await running.db.selectFrom("user").select("id").execute()).toEqual([]);
    const created = await post("/admin/setup", { email: "owner@example.com", password: "owner-staple-91", setupCode });
    expect(created.status).toBe(302);
    const cookie = await signIn(running.app, "owner@example.com", "owner-staple-91");
    // Setup gave the first admin the prefilled hours, so a fresh install has times to book.
    const book = await (await fetch(`${running.app.url}/book?tz=UTC`)).text();
    expect(book).toMatch(/name="start" value="/);

    await expectRefusals((password) =>
      post("/admin/users", { intent: "create", email: "sales@example.com", password, role: "sales" }, cookie),
    );
    expect(await passwordOf("sales@example.com")).toBeNull();
    const added = await post(
      "/admin/users",
      { intent: "create", email: "sales@example.com", password: "sales-lantern-4", role: "sales" },
      cookie,
    );
    expect(added.status).toBe(200);
    expect(await signIn(running.app, "sales@example.com", "sales-lantern-4")).toContain("session_token");

    const { id: salesId } = await running.db
      .selectFrom("user")
      .select("id")
      .where("email", "=", "sales@example.com")
      .executeTakeFirstOrThrow();
    const before = await passwordOf("sales@example.com");
    await expectRefusals((password) =>
      post("/admin/users", { intent: "reset-password", userId: salesId, password }, cookie),
    );
    expect(await passwordOf("sales@example.com")).toBe(before);
    const reset = await post(
      "/admin/users",
      { intent: "reset-password", userId: salesId, password: "sales-harbour-7" },
      cookie,
    );
    expect(reset.status).toBe(200);
    expect(await signIn(running.app, "sales@example.com", "sales-harbour-7")).toContain("session_token");

    const own = await passwordOf("owner@example.com");
    await expectRefusals((newPassword) =>
      post(
        "/admin/settings",
        { intent: "change-password", currentPassword: "owner-staple-91", newPassword, confirmPassword: newPassword },
        cookie,
      ),
    );
    expect(await passwordOf("owner@example.com")).toBe(own);
    const changed = await post(
      "/admin/settings",
      {
        intent: "change-password",
        currentPassword: "owner-staple-91",
        newPassword: "owner-compass-23",
        confirmPassword: "owner-compass-23",
      },
      cookie,
    );
    expect(changed.status).toBe(200);
    expect(await signIn(running.app, "owner@example.com", "owner-compass-23")).toContain("session_token");
    // Every refusal and sign-in hashes or checks a password: a minute is tight on a busy machine.
  }, 180_000);

  it("still signs in an account whose password predates the rule", async () => {
    const sales = await running.db
      .selectFrom("user")
      .select("id")
      .where("email", "=", "sales@example.com")
      .executeTakeFirstOrThrow();
    await running.db
      .updateTable("account")
      .set({ password: await hashPassword("old-pw") })
      .where("user_id", "=", sales.id)
      .execute();
    expect(await signIn(running.app, "sales@example.com", "old-pw")).toContain("session_token");
  });
});
