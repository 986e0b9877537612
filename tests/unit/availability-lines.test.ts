import { describe, expect, it } from "vitest";
import { AVAILABILITY_DEFAULTS, availabilitySchema } from "~/lib/schemas/availability";

// A schedule that is valid but for the lines each case gives.
const base = { userId: "u1", timeZone: "Europe/Berlin", ...AVAILABILITY_DEFAULTS, meetingKind: "video" };
const messageOf = (given: Record<string, string>) => {
  const parsed = availabilitySchema.safeParse({ ...base, ...given });
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe("availability lines", () => {
  it("refuses days the calendar does not have", () => {
    expect(messageOf({ overrides: "2026-02-31 off" })).toBe("2026-02-31 is not a day of the calendar.");
    expect(messageOf({ overrides: "2026-13-01 off" })).toBe("2026-13-01 is not a day of the calendar.");
    expect(messageOf({ overrides: "9999-01-01 off" })).toBe("9999-01-01 is not a day of the calendar.");
    expect(messageOf({ overrides: "2028-02-29 off" })).toBeNull();
  });

  it("refuses hours that overlap on one day or one date, and a date given twice; touching hours are fine", () => {
    expect(messageOf({ weekly: "mon-fri 09:00-12:00\nmon 11:00-13:00" })).toBe("The hours of mon overlap.");
    expect(messageOf({ weekly: "sat,sun 08:00-10:00\nsun 09:55-11:00" })).toBe("The hours of sun overlap.");
    expect(messageOf({ weekly: "mon-fri 09:00-12:00\nmon-fri 12:00-17:00" })).toBeNull();
    expect(messageOf({ overrides: "2026-12-24 09:00-12:00,11:00-13:00" })).toBe("The hours of 2026-12-24 overlap.");
    expect(messageOf({ overrides: "2026-12-24 off\n2026-12-24 09:00-10:00" })).toBe("2026-12-24 is given twice.");
    expect(messageOf({ overrides: "2026-12-24 09:00-12:00,12:00-13:00" })).toBeNull();
  });
});
