import { describe, expect, it } from "vitest";
import { readingMinutes, renderMarkdown } from "~/lib/markdown";

describe("renderMarkdown", () => {
  it("renders headings, lists, emphasis and safe links", () => {
    const html = renderMarkdown(
      "## Title\n\n- **bold** item\n\n[site](https://example.com) [page](/pricing) [mail](mailto:a@b.co)",
    );
    expect(html).toContain("<h2>Title</h2>");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer nofollow">site</a>');
    expect(html).toContain('<a href="/pricing">page</a>');
    expect(html).toContain('<a href="mailto:a@b.co">mail</a>');
  });

  it.each([
    ["a script tag", "<script>alert(1)</script>", /<script/i],
    ["an event attribute", '<img src=x onerror="alert(1)">', /<img/i],
    ["an iframe", '<iframe src="https://evil.example"></iframe>', /<iframe/i],
    ["a javascript: link", "[click](javascript:alert(1))", /href="javascript:/i],
    ["an encoded javascript: link", "[click](jav&#x61;script:alert(1))", /href="jav/i],
    ["a data: link", "[click](data:text/html;base64,PHNjcmlwdD4=)", /href="data:/i],
    ["a vbscript: link", "[click](vbscript:msgbox)", /href="vbscript:/i],
    ["a javascript: image", "![x](javascript:alert(1))", /src="javascript:/i],
    ["a protocol-relative link", "[x](//evil.example/path)", /href="\/\/evil/i],
  ])("renders %s inert", (_name, source, forbidden) => {
    const html = renderMarkdown(source);
    expect(html).not.toMatch(forbidden);
  });

  it("estimates reading time at about 200 words a minute", () => {
    expect(readingMinutes("word ".repeat(50))).toBe(1);
    expect(readingMinutes("word ".repeat(600))).toBe(3);
  });
});
