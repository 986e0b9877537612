import { createServer, type Socket, connect as tcpConnect } from "node:net";

/**
 * A TCP relay in front of PostgreSQL that can break the next connection that sends COMMIT, as a
 * primary dying at that moment would: "before", the COMMIT never reaches the server (nothing is
 * stored); "after", the server gets it and commits, but its answer never comes back.
 */
export async function startCommitCuttingProxy(targetPort: number) {
  let cut: "before" | "after" | null = null;
  let cuts = 0;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = tcpConnect(targetPort, "127.0.0.1");
    sockets.add(client);
    sockets.add(upstream);
    let answering = true;
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("error", close);
    upstream.on("error", close);
    client.on("close", close);
    upstream.on("close", close);
    upstream.on("data", (chunk) => {
      if (answering) client.write(chunk);
    });
    client.on("data", (chunk) => {
      const commits = cut !== null && chunk.toString("latin1").toLowerCase().includes("commit\0");
      if (!commits) {
        upstream.write(chunk);
        return;
      }
      const how = cut;
      cut = null;
      cuts++;
      if (how === "before") {
        close();
        return;
      }
      answering = false;
      upstream.write(chunk);
      // Time for the server to commit; then the connection breaks with its answer unsent.
      setTimeout(close, 300);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    cutNextCommit(how: "before" | "after") {
      cut = how;
    },
    get cuts() {
      return cuts;
    },
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
