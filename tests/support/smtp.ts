import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { to: string[]; raw: string };

/**
 * A real SMTP server on loopback; `refuse(n)` answers the n-th delivery attempt with a temporary error,
 * `onReceived` hears of each accepted mail.
 */
export async function startSmtpServer({
  refuse = () => false,
  onReceived = () => {},
  port = 0,
}: {
  refuse?: (attempt: number) => boolean;
  onReceived?: (mail: ReceivedMail) => void;
  /** A fixed port, to bring a stopped server back where the app expects it. */
  port?: number;
} = {}) {
  const received: ReceivedMail[] = [];
  let attempts = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
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
        const mail = { to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw };
        received.push(mail);
        onReceived(mail);
        callback();
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
