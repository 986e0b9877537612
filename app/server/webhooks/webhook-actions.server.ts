import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import {
  webhookDeliveryIdSchema,
  webhookEndpointIdSchema,
  webhookEndpointSchema,
  webhookLogFilterSchema,
} from "~/lib/schemas/webhooks";
import { type ToastMessage, toastMessage } from "~/lib/toast";
import { auditActor, requireStaff } from "../auth/session.server";
import { getServices } from "../context.server";
import { type FieldErrors, parseForm, requireFormData, typedValues } from "../http/form-data.server";
import { redirectWithToast } from "../http/toast-cookie.server";
import { getSettingText } from "../settings/settings.server";
import { listDeliveries, queueTestEvent, redeliver, redeliverFailed } from "./deliveries.server";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookEndpoints,
  rotateWebhookSecret,
  setWebhookEndpointPaused,
  updateWebhookEndpoint,
  WebhookEndpointError,
} from "./endpoints.server";

export type WebhookActionResult = {
  intent: string;
  ok: boolean;
  fieldErrors: FieldErrors;
  values: Record<string, string>;
  toast: ToastMessage;
  /** A secret just made (new endpoint, rotation): shown this once. */
  secret: { endpointId: string; value: string } | null;
};

const intents = {
  create: { schema: webhookEndpointSchema, done: "Webhook endpoint added" },
  update: { schema: webhookEndpointSchema, done: "Webhook endpoint saved" },
  pause: { schema: webhookEndpointIdSchema, done: "Endpoint paused: its events wait until you resume it" },
  resume: { schema: webhookEndpointIdSchema, done: "Endpoint resumed" },
  "rotate-secret": { schema: webhookEndpointIdSchema, done: "New secret made; the old one still signs for 24 hours" },
  test: { schema: webhookEndpointIdSchema, done: "Test event queued; it appears in the delivery log" },
  redeliver: { schema: webhookDeliveryIdSchema, done: "Delivery queued to be sent again" },
  "redeliver-failed": { schema: webhookEndpointIdSchema, done: "Failed deliveries queued to be sent again" },
  delete: { schema: webhookEndpointIdSchema, done: "Webhook endpoint deleted" },
} as const;

type Intent = keyof typeof intents;

/** Every action the webhook screens post, by name. */
export const WEBHOOK_INTENTS = Object.keys(intents) as Intent[];

// Own keys only: an intent named like an object's built-ins (`constructor`) is no action.
const isIntent = (value: unknown): value is Intent => typeof value === "string" && Object.hasOwn(intents, value);

function reply(intent: string, toast: ToastMessage, extra: Partial<WebhookActionResult> = {}, status?: number) {
  return data<WebhookActionResult>(
    { intent, ok: toast.type !== "error", fieldErrors: {}, values: {}, secret: null, ...extra, toast },
    status ? { status } : undefined,
  );
}

export async function loadWebhookEndpoints(context: Readonly<RouterContextProvider>) {
  requireStaff(context);
  const { db, config } = getServices(context);
  return { endpoints: await listWebhookEndpoints(db), allowPrivate: config.webhookAllowPrivate };
}

export async function loadWebhookEndpoint(context: Readonly<RouterContextProvider>, endpointId: string, url: URL) {
  requireStaff(context);
  const { db, config } = getServices(context);
  const endpoint = await getWebhookEndpoint(db, endpointId);
  if (!endpoint) throw data({ message: "No webhook endpoint with this id exists." }, { status: 404 });
  const filter = webhookLogFilterSchema.parse(Object.fromEntries(url.searchParams));
  const log = await listDeliveries(db, endpointId, filter);
  return { endpoint, filter, log, allowPrivate: config.webhookAllowPrivate };
}

/** Runs one admin action on webhook endpoints; every change is audited by the functions it calls. */
export async function runWebhookAction(request: Request, context: Readonly<RouterContextProvider>) {
  const actor = auditActor(requireStaff(context));
  const { db, config, webhookWorker } = getServices(context);
  const formData = await requireFormData(request);
  const intent = formData.get("intent");
  if (!isIntent(intent)) return reply("unknown", toastMessage("error", "Error", "Unknown action."), {}, 400);
  // Ticked event boxes arrive as one field each; the schema reads them as one list.
  if (formData.has("events")) formData.set("events", formData.getAll("events").join(","));
  const parsed = parseForm(formData, intents[intent].schema as z.ZodType);
  if (!parsed.ok) {
    const message = Object.values(parsed.fieldErrors)[0] ?? "Please check the form.";
    return reply(
      intent,
      toastMessage("error", "Error", message),
      { fieldErrors: parsed.fieldErrors, values: parsed.values },
      400,
    );
  }
  const input = parsed.data as { endpointId: string; deliveryId: string };
  const guard = { allowPrivate: config.webhookAllowPrivate };
  const done = toastMessage("success", "Success", intents[intent].done);
  try {
    switch (intent) {
      case "create": {
        const created = await createWebhookEndpoint(
          db,
          parsed.data as z.output<typeof webhookEndpointSchema>,
          actor,
          guard,
        );
        return reply(intent, done, { secret: { endpointId: created.id, value: created.secret } });
      }
      case "update":
        await updateWebhookEndpoint(
          db,
          input.endpointId,
          parsed.data as z.output<typeof webhookEndpointSchema>,
          actor,
          guard,
        );
        return reply(intent, done);
      case "pause":
      case "resume":
        await setWebhookEndpointPaused(db, input.endpointId, intent === "pause", actor);
        if (intent === "resume") void webhookWorker.kick();
        return reply(intent, done);
      case "rotate-secret": {
        const secret = await rotateWebhookSecret(db, input.endpointId, actor);
        return reply(intent, done, { secret: { endpointId: input.endpointId, value: secret } });
      }
      case "test": {
        const siteName = (await getSettingText(db, "site_title")) || "your site";
        await queueTestEvent(db, input.endpointId, actor, { siteName });
        void webhookWorker.kick();
        return reply(intent, done);
      }
      case "redeliver":
        await redeliver(db, input.endpointId, input.deliveryId, actor);
        void webhookWorker.kick();
        return reply(intent, done);
      case "redeliver-failed": {
        const count = await redeliverFailed(db, input.endpointId, actor);
        void webhookWorker.kick();
        return reply(
          intent,
          toastMessage(
            "success",
            "Success",
            count === 0 ? "No failed deliveries to send again" : `${count} failed deliveries queued to be sent again`,
          ),
        );
      }
      case "delete":
        await deleteWebhookEndpoint(db, input.endpointId, actor);
        throw await redirectWithToast("/admin/webhooks", done);
    }
  } catch (error) {
    if (!(error instanceof WebhookEndpointError)) throw error;
    return reply(
      intent,
      toastMessage("error", "Error", error.message),
      { fieldErrors: error.field ? { [error.field]: error.message } : {}, values: typedValues(formData) },
      error.status,
    );
  }
}
