import { cva } from "class-variance-authority";
import { describe, expect, it } from "vitest";
import { buttonVariants } from "~/components/ui/button-variants";
import { variants } from "~/lib/variants";

const config = {
  variants: {
    variant: { solid: "bg-primary", ghost: "bg-transparent" },
    size: { sm: "h-8", lg: "h-10" },
  },
  defaultVariants: { variant: "solid", size: "sm" },
} as const;

describe("variants", () => {
  it("joins the same classes as cva for every choice", () => {
    const ours = variants("base", config);
    const theirs = cva("base", config);
    for (const variant of [undefined, null, "solid", "ghost"] as const) {
      for (const size of [undefined, null, "sm", "lg"] as const) {
        for (const className of [undefined, "mt-2"]) {
          expect(ours({ variant, size, className })).toBe(theirs({ variant, size, className }));
        }
      }
    }
    expect(ours()).toBe(theirs());
  });

  it("gives the site's buttons their default look", () => {
    expect(buttonVariants()).toContain("bg-primary");
    expect(buttonVariants({ variant: "outline" })).not.toContain("bg-primary ");
  });
});
