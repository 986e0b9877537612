import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { Plugin } from "vite";
import { HYDRATION_MANIFEST, ISLANDS_MANIFEST, isIslandEntry } from "./app/lib/islands.ts";

const ISLANDS_DIR = path.resolve(import.meta.dirname, "app/islands");
function islandEntries() {
  return readdirSync(ISLANDS_DIR)
    .filter(isIslandEntry)
    .map((file) => ({ name: file.slice(0, -3), id: path.join(ISLANDS_DIR, file) }));
}

/**
 * Builds each island (`app/islands/<name>.ts`) as an entry of the browser build of its own, and writes
 * their addresses by name to `.vite/islands.json` for the server. Pages name the islands they need;
 * none of them loads React.
 */
export function islands(): Plugin {
  return {
    name: "site-islands",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    buildStart() {
      for (const { name, id } of islandEntries()) this.emitFile({ type: "chunk", id, name: `island-${name}` });
    },
    generateBundle(_options, bundle) {
      const urls: Record<string, string> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk" || !chunk.facadeModuleId?.startsWith(ISLANDS_DIR)) continue;
        const entry = islandEntries().find(({ id }) => id === chunk.facadeModuleId);
        if (entry) urls[entry.name] = `/${chunk.fileName}`;
      }
      this.emitFile({ type: "asset", fileName: ISLANDS_MANIFEST, source: JSON.stringify(urls) });
      // The chunks the app's entry loads by dynamic import when a page hydrates (and what they import),
      // for the server to preload on pages that hydrate at once.
      const entry = Object.values(bundle).find(
        (chunk) => chunk.type === "chunk" && chunk.facadeModuleId?.endsWith("/app/entry.client.tsx"),
      );
      const files = new Set<string>();
      const add = (fileName: string) => {
        const chunk = bundle[fileName];
        if (files.has(fileName) || chunk?.type !== "chunk") return;
        files.add(fileName);
        for (const imported of chunk.imports) add(imported);
      };
      if (entry?.type === "chunk") for (const fileName of entry.dynamicImports) add(fileName);
      if (entry?.type === "chunk") for (const fileName of entry.imports) files.delete(fileName);
      const hydration = [...files].map((fileName) => `/${fileName}`);
      this.emitFile({ type: "asset", fileName: HYDRATION_MANIFEST, source: JSON.stringify(hydration) });
    },
  };
}

const COMPRESSIBLE = /\.(js|css|svg|json|txt|html|map|webmanifest)$/;

/**
 * Once the browser build is written: a brotli (quality 11) and a gzip (level 9) copy beside each
 * hashed asset that compresses, for the server to send as they are, so that no request compresses a
 * file again.
 */
export function precompressedAssets(): Plugin {
  return {
    name: "precompressed-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    writeBundle(options) {
      const assets = path.join(options.dir ?? "", "assets");
      for (const file of readdirSync(assets)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const full = path.join(assets, file);
        const source = readFileSync(full);
        writeFileSync(
          `${full}.br`,
          zlib.brotliCompressSync(source, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: statSync(full).size,
            },
          }),
        );
        writeFileSync(`${full}.gz`, zlib.gzipSync(source, { level: 9 }));
      }
    },
  };
}

/**
 * Non-ASCII characters in JavaScript source as `\u` escapes. V8 keeps a script's source for the life
 * of the process, one byte per character when every character is Latin-1 and two bytes otherwise: one
 * arrow in a comment doubles a chunk's share of memory. A character already escaped by a backslash
 * (`"\é"`, which is `"é"`) loses that backslash, which would otherwise escape the new one.
 */
export function escapeNonAscii(code: string) {
  return code.replace(/(\\*)([\u0080-\uffff])/g, (_match, backslashes: string, character: string) => {
    const kept = backslashes.length % 2 === 1 ? backslashes.slice(1) : backslashes;
    return `${kept}\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`;
  });
}

/** The server build's chunks in ASCII only, so that each worker holds their source at one byte a character. */
export function asciiServerChunks(): Plugin {
  return {
    name: "ascii-server-chunks",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    // After every other plugin's renderChunk: a transform that prints the code again would undo it.
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === "chunk" && /[\u0080-\uffff]/.test(chunk.code)) chunk.code = escapeNonAscii(chunk.code);
      }
    },
  };
}
