import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDatabase } from "~/server/db/seed.server";
import { loadActivePricingContent } from "~/server/pricing/content.server";
import { listActivePlans } from "~/server/pricing/plans.server";
import { getSettings, setSetting } from "~/server/settings/settings.server";
import { createMigratedDatabase, type TestDatabase } from "../support/databases";

// The same calls on both dialects must return the same objects: booleans, numbers, lists, JSON, timestamps.
describe("data modules return equal objects on SQLite and PostgreSQL", () => {
  let sqlite: TestDatabase;
  let postgres: TestDatabase;

  beforeAll(async () => {
    [sqlite, postgres] = await Promise.all([createMigratedDatabase("sqlite"), createMigratedDatabase("postgres")]);
    await Promise.all([seedDatabase(sqlite.db), seedDatabase(postgres.db)]);
  });
  afterAll(async () => {
    await Promise.all([sqlite?.drop(), postgres?.drop()]);
  });

  const withoutVolatile = <T extends { id: string; updatedAt: string }>(items: T[]) =>
    items.map(({ id: _id, updatedAt, ...rest }) => {
      expect(updatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      return rest;
    });

  it("pricing plans", async () => {
    const [a, b] = await Promise.all([listActivePlans(sqlite.db), listActivePlans(postgres.db)]);
    expect(a.length).toBeGreaterThan(0);
    expect(withoutVolatile(a)).toEqual(withoutVolatile(b));
    expect(typeof a[0]?.isPopular).toBe("boolean");
    expect(typeof a[0]?.priceUsd).toBe("number");
  });

  it("pricing content", async () => {
    const [a, b] = await Promise.all([loadActivePricingContent(sqlite.db), loadActivePricingContent(postgres.db)]);
    expect(Object.keys(a).sort()).toEqual(["faq", "ongoing_management"]);
    expect(withoutVolatile(Object.values(a))).toEqual(withoutVolatile(Object.values(b)));
  });

  it("settings round-trip JSON values", async () => {
    const value = { nested: ["a", 1, true], text: 'quote " and unicode ₹' };
    await Promise.all([setSetting(sqlite.db, "x_test", value, null), setSetting(postgres.db, "x_test", value, null)]);
    const [a, b] = await Promise.all([getSettings(sqlite.db, ["x_test"]), getSettings(postgres.db, ["x_test"])]);
    expect(a).toEqual({ x_test: value });
    expect(b).toEqual(a);
  });
});
