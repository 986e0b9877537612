import type { AppServer } from "./app-server";

/**
 * Waits until the server has logged everything it answered so far: asks for a page that does not
 * exist, under a name of its own, and waits for that request's access-log line. What a test then
 * finds missing from the log was never written, rather than not written yet.
 */
export async function logCaughtUp(app: Pick<AppServer, "url" | "output">) {
  const marker = `/log-marker-${crypto.randomUUID()}`;
  const response = await fetch(`${app.url}${marker}`);
  await response.body?.cancel();
  const deadline = Date.now() + 10_000;
  while (!app.output().includes(marker)) {
    if (Date.now() > deadline) throw new Error(`the access log never showed ${marker}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return app.output();
}
