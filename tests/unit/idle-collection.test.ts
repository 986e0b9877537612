import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { collectWhenIdle } from "~/http/idle-collection.server";

describe("a collection once the server is idle", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Requests arriving every 100 ms for `ms`. */
  const busy = (idle: ReturnType<typeof collectWhenIdle>, ms: number) => {
    for (let elapsed = 0; elapsed < ms; elapsed += 100) {
      idle.request();
      vi.advanceTimersByTime(100);
    }
  };

  it("collects in the first idle second after start-up and after a burst, never while requests keep coming", () => {
    const collect = vi.fn();
    const idle = collectWhenIdle({ collect, now: Date.now });
    vi.advanceTimersByTime(1000);
    expect(collect).toHaveBeenCalledTimes(1);
    // Idle since: nothing more to give back.
    vi.advanceTimersByTime(60_000);
    expect(collect).toHaveBeenCalledTimes(1);
    busy(idle, 30_000);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2000);
    expect(collect).toHaveBeenCalledTimes(2);
    idle.stop();
  });

  it("collects at most once in ten seconds when requests come and go", () => {
    const collect = vi.fn();
    const idle = collectWhenIdle({ collect, now: Date.now });
    vi.advanceTimersByTime(1000);
    expect(collect).toHaveBeenCalledTimes(1);
    // A request every 2.5 s: an idle second follows each one.
    for (let i = 0; i < 12; i++) {
      idle.request();
      vi.advanceTimersByTime(2500);
    }
    // 30 s of trickle: one collection in each ten seconds, not one per request.
    expect(collect.mock.calls.length).toBeGreaterThanOrEqual(3);
    expect(collect.mock.calls.length).toBeLessThanOrEqual(4);
    idle.stop();
  });

  it("stops looking when the server stops", () => {
    const collect = vi.fn();
    const idle = collectWhenIdle({ collect, now: Date.now });
    idle.stop();
    vi.advanceTimersByTime(5000);
    expect(collect).not.toHaveBeenCalled();
  });
});
