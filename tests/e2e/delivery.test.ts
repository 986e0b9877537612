import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/schema.server";
import { type AppServer, startAppServer } from "../support/app-server";
import { makePng } from "../support/files";
import { agedFormToken, formTokenCookieHeader, withFormSecret } from "../support/form-token";
import { startS3Bucket } from "../support/s3-signing-proxy";
import { type ReceivedMail, startSmtpServer } from "../support/smtp";
import { addStaff, appDatabase, signIn } from "../support/staff";
import { makeLoopbackCertificate } from "../support/tls";

// What larger agencies run: PostgreSQL, a mail server that wants STARTTLS and a login, and uploads
// in an S3 bucket. One server carries all three.
describe("mail over STARTTLS with a login, and uploads on S3, on PostgreSQL", () => {
  let app: AppServer;
  let db: Database;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let s3: Awaited<ReturnType<typeof startS3Bucket>>;
  let certificate: ReturnType<typeof makeLoopbackCertificate>;
  const mails: ReceivedMail[] = [];
  const mailWaiters: (() => void)[] = [];

  beforeAll(async () => {
    certificate = makeLoopbackCertificate();
    smtp = await startSmtpServer({
      tls: { key: certificate.key, cert: certificate.cert },
      auth: { user: "mailer", pass: "mail pass 42" },
      onReceived(mail) {
        mails.push(mail);
        for (const wake of mailWaiters.splice(0)) wake();
      },
    });
    s3 = await startS3Bucket("agency-files");
    const smtpPort = new URL(smtp.url).port;
    app = await startAppServer(
      {
        SMTP_URL: `smtp://mailer:${encodeURIComponent("mail pass 42")}@127.0.0.1:${smtpPort}`,
        NOTIFY_EMAILS: "sales@agency.example",
        NODE_EXTRA_CA_CERTS: certificate.certFile,
        S3_BUCKET: "agency-files",
        S3_ACCESS_KEY_ID: "S3RVER",
        S3_SECRET_ACCESS_KEY: "S3RVER",
        S3_ENDPOINT: s3.endpoint,
        S3_FORCE_PATH_STYLE: "true",
        ...withFormSecret,
      },
      { dialect: "postgres" },
    );
    db = appDatabase(app);
  });
  afterAll(async () => {
    await db?.destroy();
    await app?.stop();
    await smtp?.close();
    await s3?.close();
    if (certificate) rmSync(certificate.dir, { recursive: true, force: true });
  });

  /** Resolves once a mail to `address` has arrived (or fails after 30 s). */
  async function mailTo(address: string) {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const found = mails.find((mail) => mail.to.includes(address));
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no mail to ${address} in 30 s`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        mailWaiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  it("mails staff about a new lead through the mail server, after STARTTLS and logging in", async () => {
    const token = agedFormToken();
    const response = await fetch(`${app.url}/lead`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: app.url,
        cookie: formTokenCookieHeader(token),
      },
      body: new URLSearchParams({
        flow: "contact",
        name: "Priya Nair",
        email: "priya@example.com",
        website_url: "",
      }),
    });
    expect(response.status).toBe(200);

    const mail = await mailTo("sales@agency.example");
    expect(mail.secure).toBe(true);
    expect(mail.user).toBe("mailer");
    expect(mail.raw).toContain("Priya Nair");
    expect(mail.raw).toContain("priya@example.com");
    const lead = await db
      .selectFrom("leads")
      .select("id")
      .where("email", "=", "priya@example.com")
      .executeTakeFirstOrThrow();
    await expect
      .poll(async () =>
        (
          await db.selectFrom("email_outbox").select(["status", "attempts"]).where("lead_id", "=", lead.id).execute()
        ).map((row) => ({ status: row.status, attempts: Number(row.attempts) })),
      )
      .toEqual([{ status: "sent", attempts: 1 }]);
  });

  it("stores an admin's upload in the bucket, serves it from there, and deletes the file it replaced", async () => {
    await addStaff(db, "owner@example.com", "admin");
    const cookie = await signIn(app, "owner@example.com", "staff-pass-2468");
    const upload = async (png: ReturnType<typeof makePng>) => {
      const form = new FormData();
      form.set("bucket", "logos");
      form.set("prefix", "header_logo");
      form.set("file", new Blob([png], { type: "image/png" }), "logo.png");
      const response = await fetch(`${app.url}/admin/uploads`, {
        method: "POST",
        headers: { cookie, origin: app.url },
        body: form,
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { url: string }).url;
    };

    const first = makePng(8, 8, [10, 20, 30]);
    const firstUrl = await upload(first);
    expect(firstUrl).toMatch(/^\/uploads\/logos\/header_logo-\d{13}-[a-z0-9]{10}\.png$/);
    const key = firstUrl.slice("/uploads/".length);
    expect(s3.checked).toContain(`PUT /agency-files/${key}`);
    const served = await fetch(`${app.url}${firstUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(first)).toBe(true);
    expect(s3.checked).toContain(`GET /agency-files/${key}`);

    const secondUrl = await upload(makePng(8, 8, [200, 100, 0]));
    expect(secondUrl).not.toBe(firstUrl);
    expect(s3.checked).toContain(`DELETE /agency-files/${key}`);
    expect((await fetch(`${app.url}${firstUrl}`)).status).toBe(404);
    expect((await fetch(`${app.url}${secondUrl}`)).status).toBe(200);
  });
});
