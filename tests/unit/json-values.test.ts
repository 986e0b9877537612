import { describe, expect, it } from "vitest";
import { fromJson, toJson } from "~/server/db/values.server";

describe("JSON text for a json column", () => {
  it("drops NUL characters and replaces lone surrogates, in values and in keys, at any depth", () => {
    expect(fromJson(toJson({ name: "Ada\u0000 Lee" }), {})).toEqual({ name: "Ada Lee" });
    expect(fromJson(toJson({ "ke\u0000y": 1 }), {})).toEqual({ key: 1 });
    expect(fromJson(toJson({ notes: ["ok \uD800 end"] }), {})).toEqual({ notes: ["ok \uFFFD end"] });
    expect(fromJson(toJson({ deep: { x: "\uDC00x" } }), {})).toEqual({ deep: { x: "\uFFFDx" } });
  });

  it("keeps what a visitor typed as it is when there is nothing to clean, backslashes and emoji included", () => {
    const value = { message: "C:\\u0000 path \\uD800 text 😀", count: 3, nested: [{ ok: true }, null] };
    expect(toJson(value)).toBe(JSON.stringify(value));
    expect(fromJson(toJson(value), {})).toEqual(value);
  });

  it("writes null for a missing value", () => {
    expect(toJson(undefined)).toBe("null");
  });
});
