import { checkLeadFields, leadMessages } from "~/lib/lead-checks";
import { isLeadFlowName, type LeadFlowName } from "~/lib/lead-options";
import { track } from "~/lib/track";
import type { LeadAnswer, LeadOutcome } from "~/lib/types/leads";
import { addVisitorContext } from "~/lib/visitor-context";
import { showToast } from "./toasts";

const REQUIRED = "This field is required.";
const INVALID_EMAIL = "Please enter a valid e-mail address.";

/**
 * The visitor forms, sent without a reload: the required fields are checked first (messages under
 * the fields and one toast, before any round trip), then the form goes to /api/leads and the answer
 * shows as a toast, with the server's messages under the fields it refused. Without JavaScript the same
 * form posts to /lead as a page.
 */
document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.matches("form[data-island~=lead-form]")) return;
  event.preventDefault();
  if (form.getAttribute("aria-busy") !== "true") void send(form);
});

async function send(form: HTMLFormElement) {
  const formData = new FormData(form);
  const values: Record<string, string> = {};
  for (const [name, value] of formData) if (typeof value === "string") values[name] = value;
  const flow: LeadFlowName = isLeadFlowName(values.flow) ? values.flow : "contact";
  const problem = checkLeadFields(flow, values);
  if (problem) {
    const errors: Record<string, string> = {};
    if (problem === "missing") {
      for (const control of form.querySelectorAll<HTMLInputElement>("[required]"))
        if (!control.value.trim()) errors[control.name] = REQUIRED;
    } else errors.email = INVALID_EMAIL;
    showFieldErrors(form, errors);
    const [title, description] =
      problem === "missing" ? leadMessages[flow].missing : ["Please check the form", INVALID_EMAIL];
    showToast({ type: "error", title, description });
    return;
  }
  // A form on a page of its own may already name the page the visitor came from.
  if (!formData.get("pageUrl")) formData.set("pageUrl", window.location.href);
  addVisitorContext(formData);
  const answer = await post(form, formData, flow);
  showFieldErrors(form, answer.fieldErrors);
  // An enquiry goes straight on to the times for its call; that page greets the sender by name.
  const bookingUrl = answer.ok ? answer.payload?.bookingUrl : null;
  if (bookingUrl) {
    window.location.assign(bookingUrl);
    return;
  }
  if (answer.toast) showToast(answer.toast);
  if (!answer.ok || !answer.payload) return;
  form.reset();
  form.closest("dialog")?.close();
  followSuccess(answer.payload, form.dataset.guideTitle);
}

async function post(form: HTMLFormElement, formData: FormData, flow: LeadFlowName): Promise<LeadAnswer> {
  const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
  const label = button?.textContent;
  form.setAttribute("aria-busy", "true");
  if (button) {
    button.disabled = true;
    button.setAttribute("aria-busy", "true");
    button.textContent = form.dataset.busyLabel ?? label ?? "";
  }
  try {
    const body = new URLSearchParams();
    for (const [name, value] of formData) if (typeof value === "string") body.append(name, value);
    const response = await fetch("/api/leads", { method: "POST", body, headers: { accept: "application/json" } });
    return (await response.json()) as LeadAnswer;
  } catch {
    const [title, description] = leadMessages[flow].failure;
    const toast = { id: "", type: "error" as const, title, description };
    return { intent: "lead", ok: false, toast, fieldErrors: {}, values: {}, payload: null };
  } finally {
    form.removeAttribute("aria-busy");
    if (button) {
      button.disabled = false;
      button.removeAttribute("aria-busy");
      button.textContent = label ?? "";
    }
  }
}

/** Puts each message under its field (as the server does on a page), and clears the others. */
function showFieldErrors(form: HTMLFormElement, errors: Record<string, string>) {
  let first: HTMLElement | undefined;
  for (const control of form.querySelectorAll<HTMLInputElement>("input[id], select[id], textarea[id]")) {
    const messageId = `${control.id}-error`;
    const message = errors[control.name];
    let shown = form.querySelector<HTMLElement>(`[id="${messageId}"]`);
    if (!message) {
      shown?.remove();
      control.removeAttribute("aria-invalid");
      control.removeAttribute("aria-describedby");
      continue;
    }
    if (!shown) {
      shown = document.createElement("p");
      shown.id = messageId;
      shown.className = "text-destructive text-sm";
      control.after(shown);
    }
    shown.textContent = message;
    control.setAttribute("aria-invalid", "true");
    control.setAttribute("aria-describedby", messageId);
    first ??= control;
  }
  first?.focus();
}

/** After a guide's success its event and download; for either dialog flow, the redirect a second later. */
function followSuccess(answer: LeadOutcome, guideTitle: string | undefined) {
  if (guideTitle) {
    track("pdf_download_success", { pdf_title: guideTitle, lead_email: answer.leadEmail });
    if (answer.downloadUrl) {
      const link = document.createElement("a");
      link.href = answer.downloadUrl;
      link.download = "";
      document.body.append(link);
      link.click();
      link.remove();
    }
  }
  const redirectUrl = answer.redirectUrl;
  if (redirectUrl) setTimeout(() => window.open(redirectUrl, "_blank", "noopener"), 1000);
}
