/** Helpers that make rows read the same on SQLite and PostgreSQL. */

/** Lone UTF-16 surrogates: JSON escapes them, and PostgreSQL's jsonb refuses the escape. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const storable = (text: string) => text.replace(LONE_SURROGATE, "\uFFFD").replaceAll("\u0000", "");

function storableJson(_key: string, item: unknown) {
  if (typeof item === "string") return storable(item);
  if (item && typeof item === "object" && !Array.isArray(item)) {
    const entries = Object.entries(item);
    if (entries.some(([key]) => storable(key) !== key)) {
      return Object.fromEntries(entries.map(([key, value]) => [storable(key), value]));
    }
  }
  return item;
}

/** The escapes JSON.stringify writes for a NUL and for a (lone) surrogate. */
const NEEDS_CLEANING = /\\u(?:0000|d[89a-f])/i;

/**
 * JSON text for a json/jsonb column. Whatever a visitor sent, it is storable on both databases:
 * NUL characters are dropped and lone surrogates become U+FFFD (PostgreSQL refuses either in jsonb).
 */
export function toJson(value: unknown): string {
  // JSON.stringify writes a NUL or a lone surrogate only as an escape, so text without those escapes
  // needs no cleaning: one pass in native code instead of a replacer called for every value.
  const text = JSON.stringify(value ?? null);
  if (text === undefined || !NEEDS_CLEANING.test(text)) return text;
  return JSON.stringify(value ?? null, storableJson);
}

/** jsonb arrives parsed from pg; JSON text arrives as a string from SQLite. */
export function fromJson<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  if (typeof value === "string") {
    try {
      return JSON.parse(value) as T;
    } catch {
      return fallback;
    }
  }
  return value as T;
}

export function fromBool(value: boolean | number | null | undefined): boolean {
  return value === true || value === 1;
}

/** The listed fields of `values`, in the list's order (e.g. an input's fields that are columns of the same name). */
export function pick<T, K extends keyof T>(values: T, keys: readonly K[]) {
  return Object.fromEntries(keys.map((key) => [key, values[key]])) as Pick<T, K>;
}

export function now(): string {
  return new Date().toISOString();
}

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));
// Random bytes for 256 ids at a time: asking the system for 16 bytes per id cost more than the rest
// of making it (crypto.randomUUID pools its entropy the same way).
const randomPool = new Uint8Array(16 * 256);
let poolOffset = randomPool.length;

// The last id's time and 12-bit sequence: ids made in the same millisecond count up from there.
let lastMs = 0;
let lastSequence = 0;

/**
 * A UUID version 7: the first 48 bits are the time in milliseconds, the next 12 a sequence that counts
 * up within a millisecond (starting at a random value below 2,048), the other 62 random. Rows then
 * arrive in key order, so an insert lands on the last page of each id index (and of every index on a
 * reference to one) instead of a random page: fewer pages to write per commit, on either database.
 * Within one process ids also sort in the order they were made, so rows written in the same
 * millisecond (audit entries) keep their order when sorted by time and id. 62 random bits still make
 * an id impossible to guess.
 */
export function newId(at?: number): string {
  if (poolOffset === randomPool.length) {
    crypto.getRandomValues(randomPool);
    poolOffset = 0;
  }
  const bytes = randomPool.subarray(poolOffset, poolOffset + 16);
  poolOffset += 16;
  // An explicit time (a backfill) takes a random sequence and leaves the running one alone.
  let ms = at ?? Date.now();
  let sequence = ((bytes[6]! & 0x07) << 8) | bytes[7]!;
  if (at === undefined && ms <= lastMs) {
    // Same millisecond, or the clock stepped back: continue after the last id.
    ms = lastMs;
    sequence = lastSequence + 1;
    if (sequence > 0xfff) {
      ms += 1;
      sequence = 0;
    }
  }
  if (at === undefined) {
    lastMs = ms;
    lastSequence = sequence;
  }
  bytes[6] = sequence >>> 8;
  bytes[7] = sequence & 0xff;
  const high = Math.floor(ms / 2 ** 32);
  const low = ms >>> 0;
  bytes[0] = (high >>> 8) & 0xff;
  bytes[1] = high & 0xff;
  bytes[2] = low >>> 24;
  bytes[3] = (low >>> 16) & 0xff;
  bytes[4] = (low >>> 8) & 0xff;
  bytes[5] = low & 0xff;
  bytes[6] = 0x70 | bytes[6]!;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  let id = "";
  for (let index = 0; index < 16; index++) {
    if (index === 4 || index === 6 || index === 8 || index === 10) id += "-";
    id += HEX[bytes[index]!];
  }
  return id;
}
