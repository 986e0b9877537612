// A fast webhook receiver for `npm run bench:leads -- --webhook`, in its own process so that it takes
// no CPU from the load generator: answers every POST with 204 and counts them; GET /count says how many.
import { createServer } from "node:http";

let received = 0;
const server = createServer((request, response) => {
  if (request.method === "GET") {
    response.writeHead(200, { "content-type": "text/plain" }).end(String(received));
    return;
  }
  request.resume();
  request.on("end", () => {
    received++;
    response.writeHead(204).end();
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  if (address && typeof address === "object") process.stdout.write(`${address.port}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
