import { describe, expect, it } from "vitest";
import type { WebhookBody } from "~/server/webhooks/events.server";
import { slackMessage } from "~/server/webhooks/slack.server";

const lead = {
  id: "lead-1",
  form_id: null,
  name: "<!channel> Ana & <https://evil.test|Bank>",
  email: "ana@example.com",
  phone: null,
  company: "<!here>",
  message: `${"&".repeat(700)} <https://evil.test|click>`,
  source: "<!everyone>",
  status: "new",
  is_spam: false,
  attribution: { utm_source: "<x>", utm_medium: null, utm_campaign: null, page_url: null, referrer: null },
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
};

const event = (type: string): WebhookBody => ({ id: "e1", type, timestamp: lead.created_at, data: { lead } });

/** Every mrkdwn or top-level text of the message (the header is plain text, which Slack never parses). */
function mrkdwnTexts(message: unknown): string[] {
  const texts: string[] = [];
  const walk = (node: unknown, parentType?: string) => {
    if (Array.isArray(node)) for (const each of node) walk(each, parentType);
    else if (node && typeof node === "object") {
      const record = node as Record<string, unknown>;
      const type = typeof record.type === "string" ? record.type : parentType;
      if (typeof record.text === "string" && type !== "plain_text") texts.push(record.text);
      for (const value of Object.values(record)) if (typeof value === "object") walk(value, type);
    }
  };
  walk(message);
  return texts;
}

describe("Slack messages", () => {
  it.each([
    "lead.created",
    "lead.status_changed",
    "form_submission.created",
    "lead.enquired",
    "lead.merged",
    "lead.unmerged",
  ])("%s: what a visitor typed can neither ping a channel nor make a link", (type) => {
    const texts = mrkdwnTexts(slackMessage(event(type), "https://agency.test"));
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) {
      expect(text).not.toContain("<!");
      expect(text).not.toContain("<https://evil.test");
      // The only links left are the app's own.
      for (const link of text.matchAll(/<([^>]*)>/g)) expect(link[1]).toMatch(/^https:\/\/agency\.test\/admin\//);
      // No half entity where a long text was cut.
      expect(text).not.toMatch(/&(?!amp;|lt;|gt;)/);
    }
  });

  it("keeps the top-level text of a new lead escaped (notifications show it)", () => {
    const message = slackMessage(event("lead.created"), "https://agency.test") as { text: string };
    expect(message.text).toBe(
      "New lead: &lt;!channel&gt; Ana &amp; &lt;https://evil.test|Bank&gt; (&lt;!everyone&gt;)",
    );
  });
});
