import { createHook } from "node:async_hooks";

/** One entry of process.nextTick's queue, held for the life of the process. */
let keptTickObject: object | undefined;

/**
 * Keeps `process.nextTick` fast after a collection that gives memory back. Each call builds its queue
 * entry with an object literal whose properties are symbols, and V8 remembers the hidden class ("map")
 * after each property weakly. A full collection that reduces memory (the idle collection's, V8's own
 * memory reducer's) while no entry is queued frees those maps; the next call finds its remembered map
 * gone, V8 marks the sites megamorphic for good, and the optimised nextTick then sets each property
 * through the runtime: about 570 ns a call instead of 110, five or six calls per request, 8 % of a
 * worker's CPU while it serves cached pages.
 *
 * Holding one real entry keeps its map, and through each map's link to its parent every map before
 * it, alive, so the remembered maps never go. The entry is caught by an async hook enabled for a
 * single nextTick call and disabled at once: no hook runs afterwards.
 */
export function keepTickObjectShape() {
  if (keptTickObject) return;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === "TickObject") keptTickObject ??= resource;
    },
  }).enable();
  try {
    process.nextTick(() => {});
  } finally {
    hook.disable();
  }
}
