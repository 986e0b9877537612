import type { WebhookEventType, WebhookFormat } from "../schemas/webhooks";

export type DeliveryLogEntry = {
  id: string;
  eventId: string;
  eventType: string;
  status: "queued" | "sending" | "delivered" | "failed";
  attempts: number;
  nextAttemptAt: string;
  lastStatusCode: number | null;
  lastError: string | null;
  deliveredAt: string | null;
  createdAt: string;
  attemptLog: {
    id: string;
    attemptedAt: string;
    statusCode: number | null;
    durationMs: number;
    responseBody: string | null;
    error: string | null;
    delivered: boolean;
  }[];
};

export type WebhookEndpoint = {
  id: string;
  url: string;
  description: string | null;
  events: WebhookEventType[];
  includeSpam: boolean;
  format: WebhookFormat;
  status: "active" | "paused";
  pausedReason: string | null;
  failingSince: string | null;
  /** True while a rotated-out secret still signs beside the current one. */
  previousSecretActive: boolean;
  createdAt: string;
  updatedAt: string;
};
