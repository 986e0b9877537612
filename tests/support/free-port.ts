import { createServer } from "node:net";

/**
 * A loopback port that was free a moment ago, for programs that bind their own port (PostgreSQL,
 * nginx) and so cannot be handed a listening socket. Another process may take it before they bind:
 * callers that can, retry. The app itself listens on port 0 and reports the port it got.
 */
export function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
