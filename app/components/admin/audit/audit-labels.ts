/** The kinds of record as people name them; a kind not listed reads as its name with spaces. */
const kindLabels: Record<string, string> = {
  lead: "Lead",
  client: "Client",
  page: "Page",
  blog_post: "Blog post",
  form: "Form",
  pricing_plan: "Pricing plan",
  pricing_content: "Pricing content",
  site_settings: "Site settings",
  upload: "Upload",
  user: "User",
  webhook_endpoint: "Webhook endpoint",
  saved_view: "Saved view",
  person: "Person (GDPR)",
  booking: "Call",
  availability: "Hours",
  api_key: "API key",
};

export function auditKindLabel(kind: string) {
  if (Object.hasOwn(kindLabels, kind)) return kindLabels[kind]!;
  const spaced = kind.replaceAll("_", " ");
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
