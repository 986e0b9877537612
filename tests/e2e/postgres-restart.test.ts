import { describe, expect, it } from "vitest";
import { measurePostgresOutage } from "../support/postgres-outage";

describe("PostgreSQL restarted under load", () => {
  it("answers 503 with a retry hint meanwhile, reconnects by itself within seconds, and loses no acknowledged lead", async () => {
    const report = await measurePostgresOutage({ downSeconds: 3 });
    const { down, up, readiness, load } = report;
    const errors = report.serverOutput
      .split("\n")
      .filter((line) => !line.startsWith('{"level":30'))
      .slice(-10)
      .join("\n")
      .slice(-3000);

    // /readyz said so while it lasted, and came back by itself within seconds.
    expect(
      readiness.some((check) => check.at > down && check.status === 503),
      errors,
    ).toBe(true);
    const back = readiness.find((check) => check.at > up && check.status === 200);
    expect(back, "ready again").toBeDefined();
    expect((back!.at - up) / 1000).toBeLessThan(15);

    // Visitors got 503 with Retry-After, never another error, and never a success that was not saved.
    expect(load.failures, `${JSON.stringify(load.failureKinds)}\n${errors}`).toBe(0);
    expect(load.unavailable.length).toBeGreaterThan(0);
    expect(load.withoutRetryAfter).toBe(0);
    expect(load.acknowledged.filter((lead) => lead.at > up).length).toBeGreaterThanOrEqual(30);
    expect(report.lost).toEqual([]);
    console.log(report.summary);
  }, 180_000);
});
