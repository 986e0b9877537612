import { describe, expect, it } from "vitest";
import { bulkClientSchema } from "~/lib/schemas/clients";
import { bulkLeadSchema } from "~/lib/schemas/lead-admin";

describe.each([
  ["leads", bulkLeadSchema],
  ["clients", bulkClientSchema],
] as const)("bulk delete of %s by filter", (noun, schema) => {
  const byFilter = { bulkAction: "delete", scope: "filter", filter: "q=acme" };

  it("is refused without the count the person confirmed", () => {
    const result = schema.safeParse(byFilter);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["expectedCount", `Confirm how many ${noun} are deleted: reload the list and try again.`],
    ]);
  });

  it("goes ahead with it, and other filter changes need none", () => {
    expect(schema.safeParse({ ...byFilter, expectedCount: "12" }).data?.expectedCount).toBe(12);
    expect(schema.safeParse({ ...byFilter, bulkAction: "assign", ownerId: "" }).success).toBe(true);
    expect(schema.safeParse({ bulkAction: "delete", scope: "selected", ids: ["a", "b"] }).success).toBe(true);
  });
});
