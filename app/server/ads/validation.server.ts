import { AppError } from "../app-error.server";
import { type AuditActor, auditOf } from "../audit/audit.server";
import type { Database } from "../db/schema.server";
import { createWebhookSender, type SendResult } from "../webhooks/send.server";
import { type GoogleSecrets, loadAdConnections, type TokenSecrets } from "./connections.server";
import { fetchGoogleToken } from "./google-auth.server";
import {
  googleIngestRequest,
  maskedEvent,
  metaRequest,
  type OutgoingConversion,
  type PlatformRequest,
} from "./platforms.server";
import type { AdPlatform, AdStage } from "./stages.server";

/**
 * Tries a connection in the platform's validation mode with a made-up conversion: Google checks the
 * request without recording it (`validateOnly`), Meta shows it under Test events (`test_event_code`)
 * without counting it. LinkedIn has no such mode, so nothing is sent there.
 */
export async function testAdConnection(
  db: Database,
  platform: AdPlatform,
  {
    allowPrivate,
    testEventCode,
    env = process.env,
    actor = null,
  }: { allowPrivate: boolean; testEventCode?: string; env?: NodeJS.ProcessEnv; actor?: AuditActor | null },
): Promise<{ result: SendResult; request: unknown }> {
  if (platform === "linkedin") {
    throw new AppError(
      "CONFLICT",
      "LinkedIn's Conversions API has no validation mode: send a real conversion instead.",
    );
  }
  const connection = (await loadAdConnections(db, env)).get(platform);
  if (!connection) throw new AppError("NOT_FOUND", "This platform is not connected.");
  const stage = Object.keys(connection.settings.stages)[0] as AdStage;
  const nowMs = Date.now();
  const conversion: OutgoingConversion = {
    id: "validation",
    leadId: `test-${nowMs}`,
    stage,
    occurredAt: new Date(nowMs).toISOString(),
    person: { email: "test@example.com", phone: null, clicks: {}, adPersonalization: false },
  };
  const sender = createWebhookSender({ allowPrivate });
  try {
    let request: PlatformRequest;
    if (platform === "google") {
      const { token } = await fetchGoogleToken(
        sender.send,
        (connection.secrets as GoogleSecrets).serviceAccountKey,
        nowMs,
      );
      request = googleIngestRequest(connection.settings, [conversion], { accessToken: token, validateOnly: true });
    } else {
      request = metaRequest(connection.settings, [conversion], {
        accessToken: (connection.secrets as TokenSecrets).accessToken,
        testEventCode: testEventCode ?? "TEST",
      });
    }
    const result = await sender.send(request.path, request.headers, JSON.stringify(request.body));
    await auditOf("ad_connection")(db, actor, "ad_platform.test", platform, { statusCode: result.statusCode });
    return { result, request: maskedEvent(request.body) };
  } catch (error) {
    const result = (error as { result?: SendResult }).result;
    if (result) return { result, request: null };
    throw error;
  } finally {
    sender.close();
  }
}
