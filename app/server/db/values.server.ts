/** Helpers that make rows read the same on SQLite and PostgreSQL. */

export function toJson(value: unknown): string {
  return JSON.stringify(value ?? null);
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

export function now(): string {
  return new Date().toISOString();
}

export function newId(): string {
  return crypto.randomUUID();
}
