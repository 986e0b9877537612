import { describe, expect, it } from "vitest";
import { runWithV8Natives } from "../support/v8-natives";

/**
 * A process that queues ticks, runs a full collection at a quiet moment (nothing queued, as the idle
 * collection or V8's memory reducer do) and queues more; it prints what V8 remembers at each property
 * that nextTick's queue entry defines. V8's own view (%GetFeedback), as no timing can be asserted.
 */
function feedbackAfterQuietCollection({ keep }: { keep: boolean }) {
  const script = `
    import { keepTickObjectShape } from "~/http/tick-shape.server";
    if (${keep}) keepTickObjectShape();
    const ticks = (count) => new Promise((resolve) => {
      let left = count;
      const done = () => { if (--left === 0) resolve(); };
      for (let i = 0; i < count; i++) process.nextTick(done);
    });
    for (let round = 0; round < 20; round++) await ticks(1000);
    await new Promise((resolve) => setTimeout(resolve, 10));
    gc({ type: "major", execution: "sync", flavor: "last-resort" });
    await new Promise((resolve) => setTimeout(resolve, 10));
    await ticks(1000);
    const states = %GetFeedback(process.nextTick)
      .filter((slot) => slot?.[0] === "DefineKeyedOwnPropertyInLiteral")
      .map(([, state]) => state.split("\\n")[0]);
    console.log(JSON.stringify(states));
  `;
  return runWithV8Natives<string[]>(script, ["--fuzzing", "--expose-gc"]);
}

describe("process.nextTick after a full collection at a quiet moment", () => {
  it("keeps each property of its queue entry remembered for one hidden class", () => {
    const states = feedbackAfterQuietCollection({ keep: true });
    // async id, trigger id, context frame, callback, args
    expect(states).toEqual(Array(5).fill("MONOMORPHIC"));
  });

  it("without a queue entry held, V8 gives up on them: the slow path the keeper exists for", () => {
    const states = feedbackAfterQuietCollection({ keep: false });
    expect(states).toContain("MEGAMORPHIC");
  });
});
