import { data } from "react-router";
import { formFields, formSchema } from "~/http/form-data.server";
import { answer, intent } from "~/http/intents.server";
import { redirectWithSuccess } from "~/http/toast-cookie.server";
import {
  webhookDeliveryIdSchema,
  webhookEndpointIdSchema,
  webhookEndpointSchema,
  webhookEndpointUpdateSchema,
  webhookLogFilterSchema,
} from "~/lib/schemas/webhooks";
import type { Database } from "~/server/db/schema.server";
import { getSettingText } from "~/server/settings/settings.server";
import { listDeliveries } from "~/server/webhooks/delivery-log.server";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  rotateWebhookSecret,
  setWebhookEndpointPaused,
  updateWebhookEndpoint,
} from "~/server/webhooks/endpoints.server";
import { queueTestEvent, redeliver, redeliverFailed } from "~/server/webhooks/redelivery.server";

/** The endpoint screen: the endpoint, or a 404, and one page of its delivery log. */
export async function loadWebhookEndpoint(db: Database, endpointId: string, url: URL) {
  const endpoint = await getWebhookEndpoint(db, endpointId);
  if (!endpoint) throw data({ message: "No webhook endpoint with this id exists." }, { status: 404 });
  const filter = webhookLogFilterSchema.parse(Object.fromEntries(url.searchParams));
  const log = await listDeliveries(db, endpointId, filter);
  return { endpoint, filter, log };
}

/** Ticked event boxes arrive as one field each; the schema reads them as one comma-separated list. */
function endpointFields(formData: FormData) {
  const fields = formFields(formData);
  if (formData.has("events")) fields.events = formData.getAll("events").join(",");
  return fields;
}

/** A secret just made (new endpoint, rotation): the page shows it this once. */
type NewSecret = { secret: { endpointId: string; value: string } };

const newSecret = (endpointId: string, value: string): NewSecret => ({ secret: { endpointId, value } });

/** The actions of both webhook screens; every change is audited by the functions they call. */
export const webhookIntents = {
  create: intent(formSchema(endpointFields, webhookEndpointSchema), {
    success: "Webhook endpoint added",
    run: async (endpoint, { db, actor, services }) => {
      const created = await createWebhookEndpoint(db, endpoint, actor, {
        allowPrivate: services.config.webhookAllowPrivate,
      });
      return answer(created, { payload: newSecret(created.id, created.secret) });
    },
  }),
  update: intent(formSchema(endpointFields, webhookEndpointUpdateSchema), {
    success: "Webhook endpoint saved",
    run: ({ endpointId, ...endpoint }, { db, actor, services }) =>
      updateWebhookEndpoint(db, endpointId, endpoint, actor, { allowPrivate: services.config.webhookAllowPrivate }),
  }),
  pause: intent(webhookEndpointIdSchema, {
    success: "Endpoint paused: its events wait until you resume it",
    run: ({ endpointId }, { db, actor }) => setWebhookEndpointPaused(db, endpointId, true, actor),
  }),
  resume: intent(webhookEndpointIdSchema, {
    success: "Endpoint resumed",
    run: async ({ endpointId }, { db, actor, services }) => {
      await setWebhookEndpointPaused(db, endpointId, false, actor);
      void services.webhookWorker.kick();
    },
  }),
  "rotate-secret": intent(webhookEndpointIdSchema, {
    success: "New secret made; the old one still signs for 24 hours",
    run: async ({ endpointId }, { db, actor }) => {
      const secret = await rotateWebhookSecret(db, endpointId, actor);
      return answer(secret, { payload: newSecret(endpointId, secret) });
    },
  }),
  test: intent(webhookEndpointIdSchema, {
    success: "Test event queued; it appears in the delivery log",
    run: async ({ endpointId }, { db, actor, services }) => {
      const siteName = (await getSettingText(db, "site_title")) || "your site";
      await queueTestEvent(db, endpointId, actor, { siteName });
      void services.webhookWorker.kick();
    },
  }),
  redeliver: intent(webhookDeliveryIdSchema, {
    success: "Delivery queued to be sent again",
    run: async ({ endpointId, deliveryId }, { db, actor, services }) => {
      await redeliver(db, endpointId, deliveryId, actor);
      void services.webhookWorker.kick();
    },
  }),
  "redeliver-failed": intent(webhookEndpointIdSchema, {
    run: async ({ endpointId }, { db, actor, services }) => {
      const count = await redeliverFailed(db, endpointId, actor);
      void services.webhookWorker.kick();
      return count;
    },
    success: (count) =>
      count === 0 ? "No failed deliveries to send again" : `${count} failed deliveries queued to be sent again`,
  }),
  delete: intent(webhookEndpointIdSchema, {
    success: "Webhook endpoint deleted",
    run: async ({ endpointId }, { db, actor }) => {
      await deleteWebhookEndpoint(db, endpointId, actor);
      return redirectWithSuccess("/admin/webhooks", "Webhook endpoint deleted");
    },
  }),
};
