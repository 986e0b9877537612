import { describe, expect, it } from "vitest";
import { boundFields } from "~/components/admin/form-fields";

describe("boundFields", () => {
  it("names a field once: its id under the prefix, its name, the server's error and the record's text", () => {
    const field = boundFields("post", { metaTitle: "Too long." }, { metaTitle: "Hello", tags: ["a"] });
    expect(field("metaTitle", "meta-title")).toEqual({
      id: "post-meta-title",
      name: "metaTitle",
      error: "Too long.",
      defaultValue: "Hello",
    });
    expect(field("excerpt")).toEqual({ id: "post-excerpt", name: "excerpt", error: undefined, defaultValue: "" });
  });

  it("leaves a value that is not text to the caller, and starts a new record's fields empty", () => {
    expect(boundFields("post", {}, { tags: ["a", "b"] })("tags").defaultValue).toBe("");
    expect(boundFields("plan", {}, null)("title").defaultValue).toBe("");
  });
});
