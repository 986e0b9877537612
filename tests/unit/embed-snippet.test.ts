import { describe, expect, it } from "vitest";
import { EMBED_HONEYPOT_FIELD, embedSnippet, formEndpoint } from "~/lib/embed-snippet";
import { HONEYPOT_FIELD } from "~/server/leads/spam.server";

describe("form embed snippet", () => {
  it("posts to the form's public endpoint with the fields the endpoint reads", () => {
    const snippet = embedSnippet("https://agency.example/", "1234abcd-0000");
    expect(formEndpoint("https://agency.example/", "1234abcd-0000")).toBe(
      "https://agency.example/api/forms/1234abcd-0000/submissions",
    );
    expect(snippet).toContain('action="https://agency.example/api/forms/1234abcd-0000/submissions" method="post"');
    for (const field of ["name", "email", "phone", "company", "message"]) expect(snippet).toContain(`name="${field}"`);
    expect(snippet).toContain("fields.page_url = location.href");
  });

  it("uses the honeypot field the spam check looks at", () => {
    expect(EMBED_HONEYPOT_FIELD).toBe(HONEYPOT_FIELD);
  });
});
