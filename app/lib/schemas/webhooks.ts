import { z } from "zod";
import { checkbox, optionalId, optionalTrimmedText, requiredText } from "./fields";

/** Outgoing webhooks: the event types and the endpoint form, shared by the admin screen, the CLI and the server. */

export const WEBHOOK_EVENT_TYPES = [
  "lead.created",
  "lead.enquired",
  "lead.merged",
  "lead.unmerged",
  "lead.status_changed",
  "lead.converted",
  "client.created",
  "form_submission.created",
  "booking.created",
  "booking.rescheduled",
  "booking.cancelled",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What a test event is called in the payload and the delivery log; never subscribed to. */
export const WEBHOOK_TEST_EVENT = "webhook.test";

export const webhookEventLabels: Record<WebhookEventType, string> = {
  "lead.created": "A lead arrives",
  "lead.enquired": "A known lead enquires again",
  "lead.merged": "Leads are merged",
  "lead.unmerged": "A merge is undone",
  "lead.status_changed": "A lead's status changes",
  "lead.converted": "A lead is converted",
  "client.created": "A client is created",
  "form_submission.created": "A form is submitted",
  "booking.created": "A call is booked",
  "booking.rescheduled": "A call is moved",
  "booking.cancelled": "A call is cancelled",
};

export const WEBHOOK_FORMATS = ["standard", "slack"] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

export const webhookFormatLabels: Record<WebhookFormat, string> = {
  standard: "JSON (Standard Webhooks, signed)",
  slack: "Slack message (incoming-webhook URL)",
};

export const WEBHOOK_DELIVERY_OUTCOMES = ["queued", "sending", "delivered", "failed"] as const;
export type WebhookDeliveryOutcome = (typeof WEBHOOK_DELIVERY_OUTCOMES)[number];

const isEventType = (value: string): value is WebhookEventType =>
  (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);

/** A comma-separated list of event types (a form's ticked boxes are joined the same way). */
export const webhookEventsField = z
  .string({ error: "Choose at least one event." })
  .transform((value) => [
    ...new Set(
      value
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean),
    ),
  ])
  .superRefine((events, ctx) => {
    const unknown = events.filter((event) => !isEventType(event));
    if (unknown.length > 0) {
      ctx.addIssue({
        code: "custom",
        message: `Unknown event ${unknown.map((event) => `"${event}"`).join(", ")}; choose from ${WEBHOOK_EVENT_TYPES.join(", ")}.`,
      });
    } else if (events.length === 0) {
      ctx.addIssue({ code: "custom", message: "Choose at least one event." });
    }
  })
  .transform((events) => events as WebhookEventType[]);

export const webhookEndpointSchema = z.object({
  endpointId: z.string().max(64).optional(),
  url: requiredText("The URL is required.", 2000, "The URL can be at most 2,000 characters.").refine(
    (value) => URL.canParse(value),
    "Enter a full URL such as https://hooks.example.com/leads.",
  ),
  description: optionalTrimmedText(500, "The description can be at most 500 characters."),
  events: webhookEventsField,
  format: z.enum(WEBHOOK_FORMATS, { error: "Choose a format." }).default("standard"),
  includeSpam: checkbox,
});
export type WebhookEndpointInput = z.output<typeof webhookEndpointSchema>;

export const webhookEndpointIdSchema = z.object({ endpointId: z.string().min(1).max(64) });
export const webhookEndpointUpdateSchema = webhookEndpointSchema.extend(webhookEndpointIdSchema.shape);
export const webhookDeliveryIdSchema = z.object({
  endpointId: z.string().min(1).max(64),
  deliveryId: z.string().min(1).max(64),
});

export const webhookLogFilterSchema = z.object({
  event: z
    .string()
    .optional()
    .transform((value) => (value && (isEventType(value) || value === WEBHOOK_TEST_EVENT) ? value : null)),
  outcome: z
    .string()
    .optional()
    .transform((value) =>
      value && (WEBHOOK_DELIVERY_OUTCOMES as readonly string[]).includes(value)
        ? (value as WebhookDeliveryOutcome)
        : null,
    ),
  before: optionalId,
});
export type WebhookLogFilter = z.output<typeof webhookLogFilterSchema>;
