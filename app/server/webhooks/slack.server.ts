import type { WebhookBody, WebhookClient, WebhookLead } from "./events.server";

/**
 * Slack reads `&`, `<` and `>` as markup in every `text` (mrkdwn fields and the top-level text alike):
 * `<!channel>` pings everyone, `<https://x|y>` is a link. Anything a visitor typed is escaped, so it
 * shows as typed and does nothing.
 */
const escapeMrkdwn = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/** Escaped, then cut to Slack's limit without leaving half an entity (`&am`) at the end. */
const escapedUpTo = (text: string, max: number) =>
  escapeMrkdwn(text)
    .slice(0, max)
    .replace(/&[a-z]*$/, "");

// Slack refuses a message whose field text is over 2,000 characters; a long page address is cut.
const field = (label: string, value: string | null | undefined) => ({
  type: "mrkdwn",
  text: `*${label}*\n${value ? escapedUpTo(value, 1900) : "-"}`,
});

/**
 * An event as a Slack message for an incoming-webhook URL: a new lead as a card with its contact
 * details, campaign and a link to it in the admin; other events as one line.
 */
export function slackMessage(body: WebhookBody, baseUrl: string) {
  const lead = body.data.lead as WebhookLead | undefined;
  const client = body.data.client as WebhookClient | undefined;
  const leadLink = lead ? `<${baseUrl}/admin/leads/${lead.id}|${escapeMrkdwn(lead.name)}>` : "";
  switch (body.type) {
    case "lead.created": {
      if (!lead) break;
      const campaign = [lead.attribution.utm_source, lead.attribution.utm_medium, lead.attribution.utm_campaign]
        .filter(Boolean)
        .join(" / ");
      return {
        text: `New lead: ${escapeMrkdwn(lead.name)} (${escapeMrkdwn(lead.source)})`,
        blocks: [
          { type: "header", text: { type: "plain_text", text: `New lead: ${lead.name}`.slice(0, 150) } },
          {
            type: "section",
            fields: [
              field("E-mail", lead.email),
              field("Phone", lead.phone),
              field("Company", lead.company),
              field("Source", lead.source),
              field("Campaign", campaign || null),
              field("Page", lead.attribution.page_url),
            ],
          },
          ...(lead.message
            ? [{ type: "section", text: { type: "mrkdwn", text: escapedUpTo(lead.message, 2900) } }]
            : []),
          {
            type: "context",
            elements: [{ type: "mrkdwn", text: `<${baseUrl}/admin/leads/${lead.id}|Open the lead>` }],
          },
        ],
      };
    }
    case "lead.status_changed":
      if (lead) return { text: `Lead ${leadLink} is now ${lead.status} (was ${String(body.data.previous_status)}).` };
      break;
    case "lead.converted":
      if (lead)
        return {
          text: `Lead ${leadLink} was converted${client ? ` to the client ${escapeMrkdwn(client.name)}` : ""}.`,
        };
      break;
    case "client.created":
      if (client)
        return {
          text: `New client: ${escapeMrkdwn(client.name)}${client.company ? ` (${escapeMrkdwn(client.company)})` : ""}.`,
        };
      break;
    case "lead.enquired":
      if (lead) return { text: `${leadLink} sent a new enquiry (${escapeMrkdwn(lead.source)}).` };
      break;
    case "lead.merged":
      if (lead) return { text: `Leads were merged into ${leadLink}.` };
      break;
    case "lead.unmerged":
      if (lead) return { text: `A merge into ${leadLink} was undone.` };
      break;
    case "form_submission.created":
      if (lead) return { text: `Form submitted by ${leadLink} (${escapeMrkdwn(lead.source)}).` };
      break;
  }
  const message = typeof body.data.message === "string" ? body.data.message : `Event ${body.type}`;
  return { text: escapeMrkdwn(message) };
}
