import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { deferBootstrap, rewriteDocument, withoutModulePreloads } from "~/http/document-rewrite.server";

const nonce = "abc123==";
// The shape React Router 8 writes (its bootstrap module script), shortened.
const bootstrap = `;
import * as route0 from "/assets/root-A1.js";
import * as route1 from "/assets/layout-B2.js";
import * as route2 from "/assets/cost-estimator-C3.js";
  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-D4.js"}};
  window.__reactRouterRouteModules = {"root":route0,"routes/site/layout":route1,"routes/site/cost-estimator":route2};

import("/assets/entry.client-D4.js");`;
const head =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>' +
  '<link rel="modulepreload" fetchpriority="low" href="/assets/root-A1.js" nonce="abc123=="/>' +
  '<link rel="modulepreload" href="/assets/react-E5.js" nonce="abc123=="/></head>';
const page = (marked: boolean) =>
  `${head}<body><main${marked ? ' data-hydrate="after-paint"' : ""}><form method="post">Step 1 of 6</form></main>` +
  `<script nonce="${nonce}">window.__reactRouterContext = {};</script>` +
  `<script nonce="${nonce}" type="module" async="">${bootstrap}</script>` +
  `<script type="module" nonce="${nonce}">{const u={}}</script></body></html>`;

/** The document streamed through the rewrite in chunks of `size` bytes. */
async function rewritten(html: string, size: number, deferNonce: string | undefined) {
  const bytes = Buffer.from(html);
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return text(Readable.from(chunks).pipe(rewriteDocument((h) => withoutModulePreloads(h, true), deferNonce)));
}

describe("the document rewrite of a page that waits for its first use", () => {
  it("drops the module preloads and makes the bootstrap import the route modules only on first use", async () => {
    const out = await rewritten(page(true), 1 << 20, nonce);
    expect(out).not.toContain("modulepreload");
    expect(out).not.toMatch(/^\s*import \* as/m);
    const script = out.slice(out.indexOf('type="module" async="">') + 23, out.indexOf("</script><script type"));
    expect(script).toBe(deferBootstrap(bootstrap));
    for (const type of ["pointerdown", "keydown", "focusin", "touchstart"]) expect(script).toContain(type);
    expect(script).toContain('import("/assets/root-A1.js"),import("/assets/layout-B2.js")');
    expect(script).toContain('import("/assets/entry.client-D4.js")');
    // Everything else is as the server rendered it.
    expect(out.replace(script, bootstrap)).toBe(page(true).replace(/<link rel="modulepreload"[^>]*>/g, ""));
  });

  it("gives the same document however the stream is cut", async () => {
    const whole = await rewritten(page(true), 1 << 20, nonce);
    for (const size of [1, 2, 3, 7, 16, 31, 64, 100, 257]) expect(await rewritten(page(true), size, nonce)).toBe(whole);
  });

  it("leaves the bootstrap alone on a page without the marker, or without a nonce to find it by", async () => {
    const unmarked = page(false).replace(/<link rel="modulepreload"[^>]*>/g, "");
    expect(await rewritten(page(false), 1 << 20, nonce)).toBe(unmarked);
    expect(await rewritten(page(false), 5, nonce)).toBe(unmarked);
    expect(await rewritten(page(true), 9, undefined)).toBe(page(true).replace(/<link rel="modulepreload"[^>]*>/g, ""));
  });

  it("leaves a bootstrap of another shape as it is, so the page still hydrates", () => {
    const other = 'import("/assets/entry.client-D4.js");';
    expect(deferBootstrap(other)).toBe(other);
    const noEntry = bootstrap.replace('import("/assets/entry.client-D4.js");', "start();");
    expect(deferBootstrap(noEntry)).toBe(noEntry);
  });
});
