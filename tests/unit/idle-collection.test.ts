import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { collectWhenIdle } from "~/http/idle-collection.server";

describe("a collection once the server is idle", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Requests arriving every 100 ms for `ms`: rendered or admin ones, or only cached pages. */
  const busy = (idle: ReturnType<typeof collectWhenIdle>, ms: number, { cachedOnly = false } = {}) => {
    for (let elapsed = 0; elapsed < ms; elapsed += 100) {
      idle.request();
      if (!cachedOnly) idle.worked();
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
      idle.worked();
      vi.advanceTimersByTime(2500);
    }
    // 30 s of trickle: one collection in each ten seconds, not one per request.
    expect(collect.mock.calls.length).toBeGreaterThanOrEqual(3);
    expect(collect.mock.calls.length).toBeLessThanOrEqual(4);
    idle.stop();
  });

  it("leaves the garbage of cached pages alone, and collects once another request came", () => {
    const collect = vi.fn();
    const idle = collectWhenIdle({ collect, now: Date.now });
    vi.advanceTimersByTime(1000);
    expect(collect).toHaveBeenCalledTimes(1);
    busy(idle, 15_000, { cachedOnly: true });
    vi.advanceTimersByTime(5000);
    expect(collect).toHaveBeenCalledTimes(1);
    // A render or an admin screen among the cached pages: the next idle second collects.
    busy(idle, 5000, { cachedOnly: true });
    idle.request();
    idle.worked();
    busy(idle, 5000, { cachedOnly: true });
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(collect).toHaveBeenCalledTimes(2);
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
