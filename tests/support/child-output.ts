import type { ChildProcess } from "node:child_process";

/**
 * A child process's standard output and error, interleaved as they arrive, in one text that grows
 * while the child runs (read `text` when it is wanted).
 */
export function gatherOutput(child: ChildProcess) {
  const gathered = { text: "" };
  const add = (chunk: Buffer | string) => {
    gathered.text += chunk;
  };
  child.stdout?.on("data", add);
  child.stderr?.on("data", add);
  return gathered;
}
