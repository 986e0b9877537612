import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = {
  to: string[];
  raw: string;
  /** Whether the session had switched to TLS (STARTTLS) before the mail was sent. */
  secure: boolean;
  /** The user the client authenticated as, if it did. */
  user: string | undefined;
};

/**
 * A real SMTP server on loopback; `refuse(n)` answers the n-th delivery attempt with a temporary error,
 * `onReceived` hears of each accepted mail (a promise it returns holds the server's answer until it
 * settles). With `tls` it offers STARTTLS with that certificate; with
 * `auth` it requires those credentials, and accepts them only over TLS.
 */
export async function startSmtpServer({
  refuse = () => false,
  onReceived = () => {},
  tls,
  auth,
  port = 0,
}: {
  refuse?: (attempt: number) => boolean;
  onReceived?: (mail: ReceivedMail) => unknown;
  tls?: { key: string; cert: string };
  auth?: { user: string; pass: string };
  /** A fixed port, to bring a stopped server back where the app expects it. */
  port?: number;
} = {}) {
  const received: ReceivedMail[] = [];
  let attempts = 0;
  const server = new SMTPServer({
    ...(tls ? { key: tls.key, cert: tls.cert } : { disabledCommands: ["STARTTLS"] }),
    authOptional: !auth,
    allowInsecureAuth: false,
    authMethods: ["PLAIN", "LOGIN"],
    onAuth(credentials, _session, callback) {
      if (auth && credentials.username === auth.user && credentials.password === auth.pass) {
        callback(null, { user: credentials.username });
        return;
      }
      callback(Object.assign(new Error("Invalid username or password"), { responseCode: 535 }));
    },
    logger: false,
    onRcptTo(_address, _session, callback) {
      attempts++;
      if (refuse(attempts)) {
        const error = Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => {
        raw += chunk.toString("utf8");
      });
      stream.on("end", () => {
        const mail = {
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          secure: session.secure,
          user: session.user as string | undefined,
        };
        received.push(mail);
        const held = onReceived(mail);
        if (held instanceof Promise) void held.finally(() => callback());
        else callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    port: address.port,
    received,
    attempts: () => attempts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
