/** After cleaning up everything that can be (`Promise.allSettled`), fail with the first thing that could not. */
export function throwFirstFailure(results: PromiseSettledResult<unknown>[]) {
  const failure = results.find((result) => result.status === "rejected");
  if (failure) throw failure.reason;
}
