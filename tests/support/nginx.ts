import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port";
import { ensureSystemTool } from "./system-tools";
import { makeLoopbackCertificate } from "./tls";

const root = path.resolve(import.meta.dirname, "../..");

export type Nginx = { httpsUrl: string; httpUrl: string; stop(): Promise<void> };

/**
 * Debian's nginx with deploy/nginx.conf, as shipped, in front of the app: only the machine's
 * specifics are replaced (ports, the app's address, a throwaway certificate, writable folders).
 */
export async function startNginx(appUrl: string): Promise<Nginx> {
  const nginx = ensureSystemTool("nginx", "nginx-light");
  const dir = mkdtempSync(path.join(os.tmpdir(), "agency-nginx-"));
  for (const sub of ["cache", "acme", "temp"]) mkdirSync(path.join(dir, sub));
  const { certFile, keyFile } = makeLoopbackCertificate(dir);
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const app = new URL(appUrl);
  const site = readFileSync(path.join(root, "deploy/nginx.conf"), "utf8")
    .replace("server 127.0.0.1:3000;", `server 127.0.0.1:${app.port};`)
    .replace("listen 80;", `listen 127.0.0.1:${httpPort};`)
    .replace("listen 443 ssl http2;", `listen 127.0.0.1:${httpsPort} ssl http2;`)
    .replace("/etc/letsencrypt/live/agency.example.com/fullchain.pem", certFile)
    .replace("/etc/letsencrypt/live/agency.example.com/privkey.pem", keyFile)
    .replace("/var/cache/nginx/agency", path.join(dir, "cache"))
    .replace("/var/www/letsencrypt", path.join(dir, "acme"));
  writeFileSync(path.join(dir, "site.conf"), site);
  const temp = path.join(dir, "temp");
  writeFileSync(
    path.join(dir, "nginx.conf"),
    `
${process.getuid?.() === 0 ? "user root;" : ""}
daemon off;
master_process on;
worker_processes 1;
pid ${path.join(dir, "nginx.pid")};
error_log ${path.join(dir, "error.log")} warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  include ${path.join(dir, "site.conf")};
}
`,
  );
  const child: ChildProcess = spawn(nginx, ["-p", dir, "-c", path.join(dir, "nginx.conf")], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const exited = once(child, "exit");
  const deadline = Date.now() + 15_000;
  while (!(await accepts(httpsPort))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      const log = existsSync(path.join(dir, "error.log")) ? readFileSync(path.join(dir, "error.log"), "utf8") : "";
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`nginx did not start: ${stderr}${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    httpsUrl: `https://127.0.0.1:${httpsPort}`,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    async stop() {
      if (child.exitCode === null) child.kill("SIGQUIT");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function accepts(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
