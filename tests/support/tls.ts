import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * A self-signed certificate for 127.0.0.1, made with openssl. A child process trusts it when its file is
 * named in NODE_EXTRA_CA_CERTS, so the app verifies it as it would a real server's.
 */
export function makeLoopbackCertificate(dir = mkdtempSync(path.join(os.tmpdir(), "agency-tls-"))) {
  const keyFile = path.join(dir, "key.pem");
  const certFile = path.join(dir, "cert.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "2",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
      "-keyout",
      keyFile,
      "-out",
      certFile,
    ],
    { stdio: "ignore" },
  );
  return { dir, certFile, keyFile, key: readFileSync(keyFile, "utf8"), cert: readFileSync(certFile, "utf8") };
}
