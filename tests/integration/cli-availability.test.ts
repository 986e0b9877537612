import path from "node:path";
import { describe, expect, it } from "vitest";
import { getAvailability } from "~/server/bookings/availability.server";
import { createStaffUser } from "~/server/users/staff-users.server";
import { runCli } from "../support/cli";
import { databasePerTest, dialects, type TestDatabase } from "../support/databases";

/** The environment that points the CLI at a test database, as an operator's would at theirs. */
function cliEnv({ config }: TestDatabase) {
  return config.dialect === "sqlite"
    ? { DATA_DIR: path.dirname(config.file), DATABASE_URL: undefined }
    : { DATABASE_URL: config.connectionString, DATA_DIR: undefined };
}

describe.each(dialects)("availability from the command line on %s", (dialect) => {
  const freshDatabase = databasePerTest(dialect);

  it("sets several weekly ranges and a zone, shows them back, and refuses bad input with a clear message and a non-zero exit", async () => {
    const database = await freshDatabase();
    const { db } = database;
    const env = cliEnv(database);
    const system = { id: null, email: "test" };
    const sam = await createStaffUser(
      db,
      { email: "sam@agency.example", password: "sam-pass-13579", role: "sales" },
      system,
    );
    await createStaffUser(db, { email: "eve@agency.example", password: "eve-pass-13579", role: "editor" }, system);

    const never = await runCli(["availability:show", "--email", "sam@agency.example"], env);
    expect(never.code).toBe(0);
    expect(never.output).toContain("sam@agency.example (never set: defaults shown)");
    expect(never.output).toContain("weekly hours:   (none: takes no calls)");

    const set = await runCli(
      [
        "availability:set",
        "--email",
        "sam@agency.example",
        "--weekly",
        "mon-fri 09:00-12:00",
        "--weekly",
        "mon,wed 14:00-18:00",
        "--time-zone",
        "Asia/Kolkata",
      ],
      env,
    );
    expect(set.code, set.output).toBe(0);
    expect(set.output).toContain("Availability of sam@agency.example saved.");
    const saved = await getAvailability(db, sam.id);
    expect(saved).toMatchObject({ saved: true, timeZone: "Asia/Kolkata", callMinutes: 30 });
    expect(saved.weekly).toHaveLength(2);

    const shown = await runCli(["availability:show", "--email", "sam@agency.example"], env);
    expect(shown.code).toBe(0);
    expect(shown.output).not.toContain("never set");
    expect(shown.output).toContain("time zone:      Asia/Kolkata");
    expect(shown.output).toMatch(/weekly hours: {3}mon-fri 09:00-12:00; mon,wed 14:00-18:00/);

    // What is not given keeps its value.
    const longer = await runCli(["availability:set", "--email", "sam@agency.example", "--call-minutes", "45"], env);
    expect(longer.code, longer.output).toBe(0);
    expect(await getAvailability(db, sam.id)).toMatchObject({ timeZone: "Asia/Kolkata", callMinutes: 45 });

    const refusals: [string[], string][] = [
      [["--weekly", "someday 09:00-17:00"], "--weekly:"],
      [["--time-zone", "Mars/Olympus"], "--time-zone:"],
      [["--call-minutes", "7"], "--call-minutes:"],
      [["--override", "2026-02-31 off"], "--override: 2026-02-31 is not a day of the calendar."],
      [["--weekly", "mon-fri 09:00-12:00", "--weekly", "mon 11:00-13:00"], "--weekly: The hours of mon overlap."],
    ];
    for (const [options, message] of refusals) {
      const refused = await runCli(["availability:set", "--email", "sam@agency.example", ...options], env);
      expect(refused.code, options.join(" ")).not.toBe(0);
      expect(refused.output, options.join(" ")).toContain(message);
    }
    // The busy-time calendar is set from the command line, and an empty address takes it away.
    const withCalendar = await runCli(
      ["availability:set", "--email", "sam@agency.example", "--calendar-url", "https://cal.example/sam.ics"],
      env,
    );
    expect(withCalendar.code, withCalendar.output).toBe(0);
    expect(withCalendar.output).toContain("calendar:       set");
    expect(await getAvailability(db, sam.id)).toMatchObject({
      calendarUrl: "https://cal.example/sam.ics",
      callMinutes: 45,
    });
    const badCalendar = await runCli(
      ["availability:set", "--email", "sam@agency.example", "--calendar-url", "ftp://cal.example/sam.ics"],
      env,
    );
    expect(badCalendar.code).not.toBe(0);
    expect(badCalendar.output).toContain("--calendar-url: The calendar address starts with https://");
    const cleared = await runCli(["availability:set", "--email", "sam@agency.example", "--calendar-url", ""], env);
    expect(cleared.code, cleared.output).toBe(0);
    expect(cleared.output).toContain("calendar:       (none)");
    expect(await getAvailability(db, sam.id)).toMatchObject({ calendarUrl: null, timeZone: "Asia/Kolkata" });

    const editor = await runCli(
      ["availability:set", "--email", "eve@agency.example", "--weekly", "mon 09:00-10:00"],
      env,
    );
    expect(editor.code).not.toBe(0);
    expect(editor.output).toContain("Only active admin or sales staff take calls.");
    const nobody = await runCli(["availability:show", "--email", "nobody@agency.example"], env);
    expect(nobody.code).not.toBe(0);
    expect(nobody.output).toContain("nobody@agency.example");
    // Nothing refused was saved.
    expect(await getAvailability(db, sam.id)).toMatchObject({ timeZone: "Asia/Kolkata", callMinutes: 45 });
    expect((await getAvailability(db, sam.id)).weekly).toHaveLength(2);
    // Each command is a process of its own, as an operator runs it: a few seconds each.
  }, 180_000);
});
