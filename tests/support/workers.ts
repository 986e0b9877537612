import { execFileSync } from "node:child_process";
import type { AppServer } from "./app-server";

/** The server processes under a WEB_CONCURRENCY supervisor (its children), by pid. */
export function workerPids(app: AppServer) {
  try {
    return execFileSync("ps", ["-o", "pid=", "--ppid", String(app.process.pid)], { encoding: "utf8" })
      .split("\n")
      .map((line) => Number(line.trim()))
      .filter((pid) => pid > 0);
  } catch {
    return [];
  }
}

/** Kills one worker and waits until the supervisor has replaced it (its listener is up). */
export async function replaceWorker(app: AppServer, pid: number, seconds = 60) {
  const before = app.output().split('"msg":"listening"').length;
  process.kill(pid, "SIGKILL");
  const deadline = Date.now() + seconds * 1000;
  while (
    workerPids(app).includes(pid) ||
    workerPids(app).length < 2 ||
    app.output().split('"msg":"listening"').length <= before
  ) {
    if (Date.now() > deadline) throw new Error(`worker ${pid} was not replaced`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
