import { describe, expect, it } from "vitest";
import { workerEnv } from "../../serve-cluster";

describe("the environment the supervisor adds for its workers", () => {
  it("limits malloc to one arena", () => {
    expect(workerEnv({})).toEqual({ MALLOC_ARENA_MAX: "1" });
  });

  it("keeps an operator's own arena setting, by variable or glibc tunable", () => {
    expect(workerEnv({ MALLOC_ARENA_MAX: "8" })).toEqual({});
    expect(workerEnv({ GLIBC_TUNABLES: "glibc.malloc.arena_max=4" })).toEqual({});
    expect(workerEnv({ GLIBC_TUNABLES: "glibc.malloc.trim_threshold=131072" })).toEqual({ MALLOC_ARENA_MAX: "1" });
  });
});
