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

  /** Any live tag, event attribute or dangerous URL in rendered HTML. */
  function liveHazards(html: string) {
    const hazards: string[] = [];
    if (/<(script|iframe|object|embed|style|svg|math|form|input|link|meta|base)\b/i.test(html)) hazards.push("tag");
    if (/<[a-z][^>]*\son[a-z]+\s*=/i.test(html)) hazards.push("event attribute");
    for (const [, url] of html.matchAll(/\s(?:href|src|action|formaction|xlink:href)="([^"]*)"/gi)) {
      const decoded = url!
        .replace(/&#x?[0-9a-f]+;|&[a-z]+;/gi, "")
        .replace(/\s/g, "")
        .split("")
        .filter((char) => char.charCodeAt(0) > 31)
        .join("");
      if (!/^(https?:|mailto:|tel:|\/(?!\/)|#)/i.test(decoded)) hazards.push(`url ${url}`);
    }
    return hazards;
  }

  it.each([
    ["script with attributes", '<script type="module" src="/x.js"></script>'],
    ["an svg onload", "<svg onload=alert(1)><circle/></svg>"],
    ["a raw anchor with javascript:", '<a href="javascript:alert(1)">x</a>'],
    ["a raw anchor with an onclick", '<a href="/ok" onclick="alert(1)">x</a>'],
    ["an inline style block", "<style>body{display:none}</style>"],
    ["an object tag", '<object data="data:text/html,<script>alert(1)</script>"></object>'],
    ["a form", '<form action="javascript:alert(1)"><button>go</button></form>'],
    ["an img onerror inside a paragraph", 'Hello <img src="x" onerror="alert(1)"> there'],
    ["mixed-case javascript:", "[x](JaVaScRiPt:alert(1))"],
    ["javascript: behind spaces", "[x](<  javascript:alert(1)>)"],
    ["javascript: with a tab", "[x](java\tscript:alert(1))"],
    ["javascript: with entities", "[x](&#106;avascript:alert(1))"],
    ["a reference-style javascript: link", "[x][evil]\n\n[evil]: javascript:alert(1)"],
    ["an autolink to javascript:", "<javascript:alert(1)>"],
    ["a data: image", "![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)"],
    ["a data: link in capitals", "[x](DATA:text/html,hi)"],
    ["a vbscript: image", "![x](vbscript:msgbox)"],
    ["a file: link", "[x](file:///etc/passwd)"],
    ["a title that tries to break out", '[x](https://example.com "a" onmouseover="alert(1))'],
    ["html inside code stays code", "`<script>alert(1)</script>`"],
    ["an html comment", "<!-- <script>alert(1)</script> -->"],
  ])("renders %s inert (XSS corpus)", (_name, source) => {
    const html = renderMarkdown(source);
    expect(liveHazards(html)).toEqual([]);
  });

  it("has a hazard check that would notice live HTML (so the corpus cannot pass vacuously)", () => {
    expect(liveHazards("<script>alert(1)</script>")).toEqual(["tag"]);
    expect(liveHazards('<img src="/x.png" onerror="alert(1)">')).toEqual(["event attribute"]);
    expect(liveHazards('<a href="jav&#x61;script:alert(1)">x</a>')).toHaveLength(1);
    expect(liveHazards('<img src="data:image/png;base64,AA">')).toHaveLength(1);
    expect(liveHazards('<a href="/ok">x</a> <a href="https://a.example">y</a>')).toEqual([]);
  });

  it("shows raw HTML as text rather than dropping it silently", () => {
    expect(renderMarkdown("<b>bold?</b>")).toContain("&lt;b&gt;bold?&lt;/b&gt;");
  });

  it("estimates reading time at about 200 words a minute", () => {
    expect(readingMinutes("word ".repeat(50))).toBe(1);
    expect(readingMinutes("word ".repeat(600))).toBe(3);
  });

  it("gives no second h1: a body's `# Title` is a section under its page's own heading", () => {
    const html = renderMarkdown("# Our story\n\ntext\n\n## Team");
    expect(html).not.toContain("<h1");
    expect(html).toContain("<h2>Our story</h2>");
    expect(html).toContain("<h2>Team</h2>");
  });
});
