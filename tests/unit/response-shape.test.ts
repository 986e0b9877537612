import path from "node:path";
import { describe, expect, it } from "vitest";
import { runWithV8Natives } from "../support/v8-natives";

const packageJson = path.resolve(import.meta.dirname, "../../package.json");

/**
 * Responses that take four of the app's paths (JSON, compressed, a file, methods wrapped and put back
 * as the page cache's render does) through Express, in a process of its own; how many hidden classes
 * they end with, in V8's own view (natives syntax).
 */
function responseClasses({ settle }: { settle: boolean }) {
  const script = `
    import express from "express";
    import compression from "compression";
    import { settleResponseShape } from "~/http/response-shape.server";
    const sameMap = new Function("a", "b", "return %HaveSameMap(a, b)");
    const app = express();
    const finished = {};
    app.use((req, res, next) => {
      if (${settle}) settleResponseShape(res);
      res.on("finish", () => { finished[req.path] = res; });
      next();
    });
    app.get("/json", (req, res) => { res.status(201).json({ ok: true }); });
    app.use(compression({ threshold: 0 }));
    app.get("/compressed", (req, res) => { res.type("html").send("<p>" + "x".repeat(2000) + "</p>"); });
    app.get("/file", (req, res) => { res.sendFile(${JSON.stringify(packageJson)}); });
    app.get("/wrapped", (req, res) => {
      const original = { write: res.write, end: res.end, writeHead: res.writeHead, flushHeaders: res.flushHeaders };
      res.write = (...args) => original.write.apply(res, args);
      res.writeHead = (...args) => original.writeHead.apply(res, args);
      res.end = (...args) => { Object.assign(res, original); return original.end.apply(res, args); };
      res.end("<p>wrapped</p>");
    });
    const server = app.listen(0, "127.0.0.1", async () => {
      const base = "http://127.0.0.1:" + server.address().port;
      for (const path of ["/json", "/compressed", "/file", "/wrapped"]) {
        const response = await fetch(base + path);
        if (!response.ok) throw new Error(path + " answered " + response.status);
        await response.text();
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
      const paths = Object.keys(finished);
      const classes = [];
      for (const path of paths) if (!classes.some((other) => sameMap(finished[other], finished[path]))) classes.push(path);
      console.log(JSON.stringify({ paths: paths.length, classes: classes.length }));
      server.close();
    });
  `;
  return runWithV8Natives<{ paths: number; classes: number }>(script);
}

describe("a response's hidden class", () => {
  it("is one for responses through JSON, compression, a file and wrapped methods", () => {
    expect(responseClasses({ settle: true })).toEqual({ paths: 4, classes: 1 });
  });

  it("without it, each path leaves a class of its own: what turns Node's response code megamorphic", () => {
    expect(responseClasses({ settle: false })).toEqual({ paths: 4, classes: 4 });
  });
});
