import MarkdownIt from "markdown-it";

/**
 * The one Markdown renderer for posts and pages, public and preview alike. Raw HTML in the source is
 * escaped, never passed through, and links may only be http(s), mailto, tel, site-relative or
 * in-page: no `javascript:`, `data:` or `vbscript:`.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true, breaks: false });

const SAFE_LINK = /^(https?:|mailto:|tel:|\/(?!\/)|#)/i;
markdown.validateLink = (url) => SAFE_LINK.test(url.trim());

const defaultLinkOpen =
  markdown.renderer.rules.link_open ??
  ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));
markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const token = tokens[index]!;
  if (/^https?:/i.test(String(token.attrGet("href") ?? ""))) {
    token.attrSet("rel", "noopener noreferrer nofollow");
  }
  return defaultLinkOpen(tokens, index, options, env, self);
};

// A body is shown under its page's own title, the page's one h1: a `# Title` in it is a section.
for (const rule of ["heading_open", "heading_close"] as const) {
  markdown.renderer.rules[rule] = (tokens, index, options, _env, self) => {
    const token = tokens[index]!;
    if (token.tag === "h1") token.tag = "h2";
    return self.renderToken(tokens, index, options);
  };
}

export function renderMarkdown(source: string) {
  return markdown.render(source ?? "");
}

export function readingMinutes(source: string) {
  const words = (source ?? "").trim().split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / 200));
}
