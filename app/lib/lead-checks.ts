import type { LeadFlowName } from "./lead-options";

/** The browser's checks and the messages of the visitor forms (loaded when a form is sent, not with the page). */

/** Required fields per flow, checked in the browser before sending (the server checks everything). */
export const requiredFields = {
  contact: ["name", "email"],
  guide: ["name", "email"],
  "get-started": ["name", "email"],
  newsletter: ["email"],
} as const satisfies Record<LeadFlowName, readonly string[]>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The browser's quick check: "missing" when a required field is blank, "email" when the address is malformed. */
export function checkLeadFields(flow: LeadFlowName, values: Record<string, string>) {
  if ((requiredFields[flow] as readonly string[]).some((field) => !values[field]?.trim())) return "missing" as const;
  if (!EMAIL.test(values.email?.trim() ?? "")) return "email" as const;
  return null;
}

type LeadMessages = { missing: [string, string]; failure: [string, string]; success: [string, string] };

const contactMessages: LeadMessages = {
  missing: ["Missing Information", "Please fill in your name and email address."],
  failure: ["Error", "There was an issue submitting your request. Please try again."],
  success: ["Thank you!", "Your strategy call request has been submitted. We'll contact you within 24 hours."],
};

/** The toasts each flow shows, with or without JavaScript (the server answers with the same words). */
export const leadMessages: Record<LeadFlowName, LeadMessages> = {
  contact: contactMessages,
  guide: {
    missing: ["Required Fields", "Please fill in your name and email address."],
    failure: ["Error", "Failed to submit form. Please try again."],
    success: ["Success!", "Thank you! Your download will start shortly."],
  },
  // The get-started dialog asks what the contact form asks; only its thanks differ.
  "get-started": {
    ...contactMessages,
    success: ["Thank you!", "Your request has been submitted. We'll contact you within 24 hours."],
  },
  newsletter: {
    missing: ["Missing Information", "Please enter your email address."],
    failure: ["Error", "There was an issue subscribing you. Please try again."],
    success: ["Thank you!", "You've been subscribed to our newsletter. Welcome aboard!"],
  },
};
