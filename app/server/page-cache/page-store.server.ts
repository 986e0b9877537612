/** A page ready to send: its headers, and its body in each encoding a visitor may ask for. */
export type CachedPage = {
  status: number;
  /** The rendered response's headers, minus anything per visitor or per encoding. */
  headers: [name: string, value: string][];
  bodies: { identity: Buffer; gzip: Buffer; br: Buffer };
  /** Strong validator of the identity body; each encoding gets its own suffix. */
  etag: string;
  storedAt: number;
  /** Content version the page was rendered at. */
  version: number;
  bytes: number;
};

export type PageCacheStats = {
  hits: number;
  misses: number;
  evictions: number;
  /** Entries dropped because content changed (every entry counts). */
  invalidations: number;
  entries: number;
  bytes: number;
  maxBytes: number;
};

/**
 * Pages in memory, bounded by their bytes: the least recently used go first. Entries belong to one
 * content version; when the version moves, all of them go at once, so a visitor never gets one page of
 * the old content and the next of the new, and a render that began before an edit is never stored.
 */
export function createPageStore({
  maxBytes,
  ttlMs,
  now = Date.now,
}: {
  maxBytes: number;
  ttlMs: number;
  now?: () => number;
}) {
  // A hit only stamps its entry (moving it to the end of the Map on each hit costs every hit); the
  // least recently used are found by their stamps when a new page does not fit, which is on a render.
  const entries = new Map<string, { page: CachedPage; usedAt: number }>();
  let uses = 0;
  // What an entry holds in memory: its page and its key (two bytes a character, as V8 may keep it).
  const costOf = (key: string, page: CachedPage) => page.bytes + key.length * 2;
  let version = 0;
  let bytes = 0;
  const counters = { hits: 0, misses: 0, evictions: 0, invalidations: 0 };

  const remove = (key: string, page: CachedPage) => {
    entries.delete(key);
    bytes -= costOf(key, page);
  };

  return {
    /** Moves to the given content version, dropping every page of an older one. */
    syncVersion(current: number) {
      if (current === version) return;
      counters.invalidations += entries.size;
      entries.clear();
      bytes = 0;
      version = current;
    },
    get version() {
      return version;
    },
    get(key: string): CachedPage | undefined {
      const entry = entries.get(key);
      if (!entry) {
        counters.misses++;
        return undefined;
      }
      const { page } = entry;
      if (page.version !== version || now() - page.storedAt > ttlMs) {
        remove(key, page);
        counters.misses++;
        return undefined;
      }
      entry.usedAt = ++uses;
      counters.hits++;
      return page;
    },
    /** Stores a page rendered at `page.version`; one from before the current version is dropped. */
    set(key: string, page: CachedPage) {
      if (page.version !== version || costOf(key, page) > maxBytes) return false;
      const previous = entries.get(key);
      if (previous) remove(key, previous.page);
      entries.set(key, { page, usedAt: ++uses });
      bytes += costOf(key, page);
      if (bytes > maxBytes) {
        const leastRecentFirst = [...entries].sort(([, a], [, b]) => a.usedAt - b.usedAt);
        for (const [oldest, old] of leastRecentFirst) {
          if (bytes <= maxBytes) break;
          remove(oldest, old.page);
          counters.evictions++;
        }
      }
      return true;
    },
    clear() {
      entries.clear();
      bytes = 0;
    },
    stats(): PageCacheStats {
      return { ...counters, entries: entries.size, bytes, maxBytes };
    },
  };
}
