/**
 * A short label that tells records apart. Ids begin with their creation time, so records made close
 * together share their first characters; the last eight are random, so two records practically never
 * share them.
 */
export function shortId(id: string): string {
  return id.replace(/-/g, "").slice(-8);
}
