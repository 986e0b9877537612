/** The visitor forms' options and defaults: plain data, safe to ship to the browser (no zod). */

export const CONTACT_COUNTRIES = ["india", "usa", "australia", "uae", "canada"] as const;
export const CONTACT_INDUSTRIES = ["ecommerce", "saas", "realestate", "automotive"] as const;
export const GUIDE_INDUSTRIES = [
  "ecommerce",
  "saas",
  "realestate",
  "automotive",
  "healthcare",
  "finance",
  "education",
  "other",
] as const;

export const optionLabels: Record<string, string> = {
  india: "India",
  usa: "USA",
  australia: "Australia",
  uae: "UAE",
  canada: "Canada",
  ecommerce: "E-commerce",
  saas: "SaaS / IT",
  realestate: "Real Estate",
  automotive: "Automotive",
  healthcare: "Healthcare",
  finance: "Finance",
  education: "Education",
  other: "Other",
};

export const DEFAULT_GUIDE_TITLE = "Download 50 Winning PPC Strategies";
export const NEWSLETTER_DEFAULT_NAME = "Newsletter Subscriber";

/** Required fields per flow, checked in the browser before sending (the server checks everything). */
export const requiredFields = {
  contact: ["name", "email"],
  guide: ["name", "email"],
  "get-started": ["name", "email"],
  newsletter: ["email"],
} as const;

export type LeadFlowName = keyof typeof requiredFields;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The browser's quick check: "missing" when a required field is blank, "email" when the address is malformed. */
export function checkLeadFields(flow: LeadFlowName, values: Record<string, string>) {
  if (requiredFields[flow].some((field) => !values[field]?.trim())) return "missing" as const;
  if (!EMAIL.test(values.email?.trim() ?? "")) return "email" as const;
  return null;
}

/** The spec's toasts, per flow. */
export const leadMessages: Record<
  LeadFlowName,
  { missing: [string, string]; failure: [string, string]; success: [string, string] }
> = {
  contact: {
    missing: ["Missing Information", "Please fill in your name and email address."],
    failure: ["Error", "There was an issue submitting your request. Please try again."],
    success: ["Thank you!", "Your strategy call request has been submitted. We'll contact you within 24 hours."],
  },
  guide: {
    missing: ["Required Fields", "Please fill in your name and email address."],
    failure: ["Error", "Failed to submit form. Please try again."],
    success: ["Success!", "Thank you! Your download will start shortly."],
  },
  "get-started": {
    missing: ["Missing Information", "Please fill in your name and email address."],
    failure: ["Error", "There was an issue submitting your request. Please try again."],
    success: ["Thank you!", "Your request has been submitted. We'll contact you within 24 hours."],
  },
  newsletter: {
    missing: ["Missing Information", "Please enter your email address."],
    failure: ["Error", "There was an issue subscribing you. Please try again."],
    success: ["Thank you!", "You've been subscribed to our newsletter. Welcome aboard!"],
  },
};

export function isLeadFlowName(value: unknown): value is LeadFlowName {
  return typeof value === "string" && value in requiredFields;
}
