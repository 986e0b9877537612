import { describe, expect, it } from "vitest";
import { buttonVariants } from "~/components/ui/button-variants";

describe("buttonVariants", () => {
  it("gives the site's buttons their default look", () => {
    expect(buttonVariants()).toContain("bg-primary");
    expect(buttonVariants({ variant: "outline" })).not.toContain("bg-primary ");
  });

  it("puts the caller's classes after the variant's, so a link can add its own spacing", () => {
    expect(buttonVariants({ size: "sm", className: "mt-2" }).endsWith("h-8 gap-1.5 px-3 has-[>svg]:px-2.5 mt-2")).toBe(
      true,
    );
  });
});
