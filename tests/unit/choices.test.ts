import { describe, expect, it } from "vitest";
import { z } from "zod";
import { valuesOf } from "~/lib/schemas/choices";
import { LEAD_SORTS, leadSortLabels } from "~/lib/schemas/lead-admin";

describe("valuesOf", () => {
  it("offers the labels' values in the order they are written, so lists keep their order", () => {
    expect(valuesOf({ newest: "Newest first", name: "Name A–Z", age: "Age" })).toEqual(["newest", "name", "age"]);
    expect(LEAD_SORTS[0]).toBe("newest");
    expect(LEAD_SORTS.map((sort) => leadSortLabels[sort])).toContain("Most enquiries");
  });

  it("gives z.enum exactly the labelled values", () => {
    const status = z.enum(valuesOf({ draft: "Draft", published: "Published" }));
    expect(status.safeParse("published").success).toBe(true);
    expect(status.safeParse("archived").success).toBe(false);
  });
});
