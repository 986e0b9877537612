/**
 * The values of a closed set, written once as their labels: the record's keys in its order, as the
 * non-empty tuple `z.enum` takes, so a value and its label cannot drift apart.
 */
export function valuesOf<const Value extends string>(labels: Record<Value, string>) {
  // Object.keys types its answer as string[]; the keys are the record's own, and a closed set is never empty.
  return Object.keys(labels) as Value[] as unknown as readonly [Value, ...Value[]];
}
