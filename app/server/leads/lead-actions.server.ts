import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import {
  leadEditSchema,
  leadFollowUpSchema,
  leadIdSchema,
  leadNoteSchema,
  leadOwnerSchema,
  leadStatusSchema,
  resendMailSchema,
} from "~/lib/schemas/lead-admin";
import { type ToastMessage, toastMessage } from "~/lib/toast";
import { AppError } from "../app-error.server";
import { auditActor, requireStaff } from "../auth/session.server";
import { getServices } from "../context.server";
import { type FieldErrors, parseForm, requireFormData } from "../forms.server";
import { leadMailContext } from "../mail/lead-mails.server";
import { getAgencyTimeZone } from "../settings/time-zone.server";
import { setLeadFollowUp } from "./follow-ups.server";
import {
  addLeadNote,
  deleteLead,
  markLeadNotSpam,
  requeueLeadMail,
  setLeadStatus,
  updateLead,
} from "./lead-admin.server";
import { setLeadOwner } from "./owners.server";

/** The staff actions on a lead, with the spec's toasts where it names them. */
const intents = {
  "set-status": {
    schema: leadStatusSchema,
    done: "Lead status updated successfully",
    failed: "Failed to update lead status",
  },
  update: { schema: leadEditSchema, done: "Lead updated successfully", failed: "Failed to update lead" },
  "add-note": { schema: leadNoteSchema, done: "Note added", failed: "Failed to add note" },
  "mark-not-spam": {
    schema: leadIdSchema,
    done: "Lead moved out of the spam queue",
    failed: "Failed to update lead",
  },
  delete: { schema: leadIdSchema, done: "Lead deleted", failed: "Failed to delete lead" },
  "resend-mail": { schema: resendMailSchema, done: "Mail queued to be sent again", failed: "Failed to resend mail" },
  assign: { schema: leadOwnerSchema, done: "Owner updated", failed: "Failed to change the owner" },
  "set-follow-up": { schema: leadFollowUpSchema, done: "Follow-up saved", failed: "Failed to save the follow-up" },
} as const;

export type LeadIntent = keyof typeof intents;

/** Every per-lead action, by name (posted from the list and from the lead's own screen). */
export const LEAD_INTENTS = Object.keys(intents) as LeadIntent[];

export type LeadActionResult = {
  intent: LeadIntent | "unknown";
  leadId: string | null;
  ok: boolean;
  fieldErrors: FieldErrors;
  values: Record<string, string>;
  toast: ToastMessage;
};

function isIntent(value: unknown): value is LeadIntent {
  return typeof value === "string" && Object.hasOwn(intents, value);
}

/**
 * Parses, checks and runs one staff action on a lead (shared by the list and the detail screen).
 * Failures answer 4xx with the submitted values, so nothing typed is lost.
 */
export async function runLeadAction(request: Request, context: Readonly<RouterContextProvider>, formData?: FormData) {
  const actor = auditActor(requireStaff(context));
  const { db, mailWorker, config } = getServices(context);
  formData ??= await requireFormData(request);
  const intent = formData.get("intent");
  const submittedLeadId = typeof formData.get("leadId") === "string" ? String(formData.get("leadId")) : null;
  if (!isIntent(intent)) {
    return data<LeadActionResult>(
      {
        intent: "unknown",
        leadId: submittedLeadId,
        ok: false,
        fieldErrors: {},
        values: {},
        toast: toastMessage("error", "Error", "Unknown action."),
      },
      { status: 400 },
    );
  }
  const { schema, done, failed } = intents[intent];
  const parsed = parseForm(formData, schema as z.ZodType);
  if (!parsed.ok) {
    const reason = Object.values(parsed.fieldErrors)[0] ?? "Please check the form.";
    return data<LeadActionResult>(
      {
        intent,
        leadId: submittedLeadId,
        ok: false,
        fieldErrors: parsed.fieldErrors,
        values: parsed.values,
        toast: toastMessage("error", "Error", `${failed}: ${reason}`),
      },
      { status: 400 },
    );
  }
  const values = Object.fromEntries(
    [...formData].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const input = parsed.data as Record<string, string>;
  const leadId = input.leadId as string;
  let description: string = done;
  try {
    switch (intent) {
      case "set-status":
        await setLeadStatus(db, leadId, input.status as never, actor);
        break;
      case "update":
        await updateLead(db, parsed.data as z.output<typeof leadEditSchema>, actor);
        break;
      case "add-note":
        await addLeadNote(db, leadId, input.body as string, actor);
        break;
      case "mark-not-spam":
        await markLeadNotSpam(db, leadId, actor);
        break;
      case "delete":
        await deleteLead(db, leadId, actor);
        break;
      case "resend-mail":
        await requeueLeadMail(db, leadId, input.mailId as string, actor);
        if (config.smtpUrl) void mailWorker.kick();
        else description = `${done}. No mail server is configured (SMTP_URL), so it waits until one is.`;
        break;
      case "assign":
        await setLeadOwner(
          db,
          leadId,
          (input.ownerId as string | null) ?? null,
          actor,
          leadMailContext({ config, mailWorker }),
        );
        void mailWorker.kick();
        break;
      case "set-follow-up": {
        const followUp = parsed.data as z.output<typeof leadFollowUpSchema>;
        await setLeadFollowUp(db, followUp, await getAgencyTimeZone(db), actor);
        if (!followUp.followUpAt) description = "Follow-up cleared";
        break;
      }
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data<LeadActionResult>(
      {
        intent,
        leadId,
        ok: false,
        fieldErrors: {},
        values,
        toast: toastMessage("error", "Error", `${failed}: ${error.message}`),
      },
      { status: error.status },
    );
  }
  return data<LeadActionResult>({
    intent,
    leadId,
    ok: true,
    fieldErrors: {},
    values: {},
    toast: toastMessage("success", "Success", description),
  });
}
