import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;

/**
 * A public page that hydrates is whole and usable as the server sent it. Its modules (React, React
 * Router, the route's code), which React lists as preloads in the head, are not preloaded: on a page
 * that waits for its first use they are fetched then (`deferBootstrap`), and on any other the
 * bootstrap script's own imports fetch them after the first paint.
 */
export function withoutModulePreloads(head: string, drop: boolean) {
  return drop ? head.replace(MODULE_PRELOAD, "") : head;
}

/** The page's markup asks to stay as the server sent it until its visitor's first use. */
const WAITS_FOR_USE = 'data-hydrate="after-paint"';
const FIRST_USE = ["pointerdown", "keydown", "focusin", "touchstart"];
const ROUTE_IMPORT = /^\s*import \* as (route\d+) from ("[^"\\]+");[ \t]*$/gm;

/**
 * React Router's bootstrap script imports every route module of the page statically, so a browser
 * fetches, parses and evaluates them all (the router, the route's components) as the page loads: the
 * long tasks Lighthouse counts as blocking on a slow phone. On a page that waits for its first use the
 * script instead listens for the visitor's first pointer, key, focus or touch, and only then imports
 * the route modules and runs the rest of the script as the router wrote it (its manifest, its module
 * table, the app's entry, which hydrates at once). Returns the script unchanged if its shape is not
 * the one expected, so an upgraded router degrades to hydrating at load rather than never.
 */
export function deferBootstrap(script: string) {
  const routes: { name: string; url: string }[] = [];
  const rest = script.replace(ROUTE_IMPORT, (_line, name: string, url: string) => {
    routes.push({ name, url });
    return "";
  });
  if (routes.length === 0 || !/\bimport\("[^"]+"\);\s*$/.test(rest)) return script;
  const types = JSON.stringify(FIRST_USE);
  const imports = routes.map((route) => `import(${route.url})`).join(",");
  const names = routes.map((route) => route.name).join(",");
  return (
    `{let s=false;const t=${types},go=()=>{if(s)return;s=true;` +
    "for(const e of t)removeEventListener(e,go,true);" +
    `Promise.all([${imports}]).then(([${names}])=>{${rest}});};` +
    "for(const e of t)addEventListener(e,go,{capture:true,passive:true});}"
  );
}

/**
 * Rewrites the document's <head> (up to </head>) once it has streamed in whole; with a nonce, also
 * defers React Router's bootstrap script (the module script carrying that nonce) when the page's
 * markup before it carries the first-use marker. Everything else streams through as it comes.
 */
export function rewriteDocument(rewrite: (head: string) => string, deferNonce?: string) {
  let headDone = false;
  let pending = "";
  const decoder = new StringDecoder("utf8");
  const open = deferNonce === undefined ? "" : `<script nonce="${deferNonce}" type="module" async="">`;
  const keep = Math.max(open.length, WAITS_FOR_USE.length);
  let marked = false;
  let bootstrapDone = deferNonce === undefined;
  let inScript = false;
  /** Body text after the head: returns what can go out now, keeping what a rewrite may still need. */
  function body(text: string, last: boolean): string {
    if (bootstrapDone) return text;
    if (inScript) {
      const end = text.indexOf("</script>");
      if (end === -1) {
        if (last) return open + text;
        pending = text;
        return "";
      }
      inScript = false;
      bootstrapDone = true;
      const script = text.slice(0, end);
      return open + (marked ? deferBootstrap(script) : script) + text.slice(end);
    }
    const at = text.indexOf(open);
    if (at === -1) {
      if (!marked && text.includes(WAITS_FOR_USE)) marked = true;
      if (last) return text;
      const cut = Math.max(0, text.length - keep);
      pending = text.slice(cut);
      return text.slice(0, cut);
    }
    if (!marked && text.slice(0, at).includes(WAITS_FOR_USE)) marked = true;
    inScript = true;
    return text.slice(0, at) + body(text.slice(at + open.length), last);
  }
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = pending + decoder.write(chunk);
      pending = "";
      if (headDone) return callback(null, body(text, false));
      const at = text.indexOf("</head>");
      if (at === -1) {
        pending = text;
        return callback();
      }
      headDone = true;
      callback(null, rewrite(text.slice(0, at)) + body(text.slice(at), false));
    },
    flush(callback) {
      const text = pending + decoder.end();
      pending = "";
      callback(null, headDone ? body(text, true) : text);
    },
  });
}
