import { describe, expect, it } from "vitest";
import { secretFileResponse } from "~/http/secret-file.server";

const kind = { extension: ".csv", contentType: "text/csv", filename: "conversions.csv", missing: "No such file." };

describe("a file at a secret address", () => {
  it("serves the file its token names, private, unindexed and never sent on as a Referer", async () => {
    const asked: string[] = [];
    const response = await secretFileResponse("tok-123.csv", kind, async (token) => {
      asked.push(token);
      return "a,b\r\n";
    });
    expect(asked).toEqual(["tok-123"]);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("a,b\r\n");
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'inline; filename="conversions.csv"',
      "cache-control": "private, no-store",
      "x-robots-tag": "noindex",
      "referrer-policy": "no-referrer",
    });
  });

  it("answers 404 with its message for a revoked token, and asks for no token when the extension is wrong", async () => {
    const asked: string[] = [];
    const read = async (token: string) => {
      asked.push(token);
      return null;
    };
    const revoked = await secretFileResponse("old-token.csv", kind, read);
    expect(revoked.status).toBe(404);
    expect(await revoked.text()).toBe("No such file.");
    expect(revoked.headers.get("cache-control")).toBe("no-store");
    const wrong = await secretFileResponse("tok-123.ics", kind, read);
    expect(wrong.status).toBe(404);
    expect(asked).toEqual(["old-token", ""]);
  });
});
