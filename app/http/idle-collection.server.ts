import v8 from "node:v8";
import vm from "node:vm";

/** How often the process looks whether requests came in; a second without any is idle. */
const CHECK_EVERY_MS = 1000;
/** At most one collection in this long, so that a trickle of requests does not pay for one each. */
const MIN_GAP_MS = 10_000;

/**
 * V8's full collection that gives its free pages back to the system: what it runs itself under memory
 * pressure. About 50 ms for a worker's heap after load, two passes of 25.
 */
function collectAllAvailableGarbage() {
  v8.setFlagsFromString("--expose-gc");
  // The gc function of a fresh context: nothing else in the process sees a global gc. A Node that
  // refuses the flag gets none, and V8's own memory reducer alone, as before.
  const gc = vm.runInNewContext("typeof gc === 'function' ? gc : undefined") as ((options: object) => void) | undefined;
  return () => gc?.({ type: "major", execution: "async", flavor: "last-resort" });
}

/**
 * Gives memory back once a burst of requests is over. V8 grows its heap under load and shrinks it only
 * when its memory reducer notices that the allocation rate has fallen, some seconds later, or not
 * before the next burst: a worker stayed 10 to 15 MB larger after load from run to run. Here the first
 * idle second (no request started in it) after start-up or after requests runs one collection, at most
 * one every ten seconds, and none while requests keep coming, so a busy process never pauses for it.
 * Only after requests that did more than send a cached page (a render, a lead, an admin screen): a
 * burst of cached pages leaves its garbage to V8's own collections, which keep up with it. Collecting
 * after such bursts too left the cached pages of the next burst at two thirds of a bare node:http
 * server's rate against four fifths without it; it shrinks the young generation back to its first
 * size, and it also freed the hidden classes of nextTick's queue entries, which are now kept alive
 * (tick-shape.server.ts). How much each weighed was not measured.
 */
export function collectWhenIdle({
  collect = collectAllAvailableGarbage(),
  now = Date.now,
}: {
  collect?: () => void;
  now?: () => number;
} = {}) {
  let requests = 0;
  let requestsAtLastCheck = 0;
  let collectedAt = Number.NEGATIVE_INFINITY;
  // Starting up leaves garbage too: the first idle second collects it.
  let workedSinceCollection = true;
  const timer = setInterval(() => {
    const idle = requests === requestsAtLastCheck;
    requestsAtLastCheck = requests;
    if (!idle || !workedSinceCollection || now() - collectedAt < MIN_GAP_MS) return;
    workedSinceCollection = false;
    collectedAt = now();
    collect();
  }, CHECK_EVERY_MS);
  timer.unref();
  return {
    /** Counts a request: call it for each one the server starts. */
    request() {
      requests++;
    },
    /** Notes that a request did more than send a cached page, which makes the next idle second collect. */
    worked() {
      workedSinceCollection = true;
    },
    stop() {
      clearInterval(timer);
    },
  };
}
