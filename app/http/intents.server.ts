import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { canUseIntent } from "~/lib/roles";
import { AppError } from "~/server/app-error.server";
import type { AuditActor } from "~/server/audit/audit.server";
import { ACCESS_DENIED_MESSAGE } from "~/server/auth/guard.server";
import { auditActor, requireStaff, type StaffIdentity } from "~/server/auth/session.server";
import { type AppServices, getServices } from "~/server/context.server";
import { parseForm, requireFormData } from "~/server/forms.server";
import { actionFailure, actionSuccess, appErrorFailure, failureMessage } from "./action-result.server";

/** What an intent's handler is given besides its parsed input. */
export type IntentContext = {
  db: AppServices["db"];
  services: AppServices;
  staff: StaffIdentity;
  actor: AuditActor;
  formData: FormData;
};

type Parsed =
  | { ok: true; message: string }
  | { ok: true; response: Response }
  | { ok: false; fieldErrors: Record<string, string>; values: Record<string, string> };

/** One action of a screen, made with `intent()`. */
export type Intent = {
  /** Put before the reason when it is refused ("Failed to save blog post: …"). */
  failure?: string;
  parseAndRun(formData: FormData, context: IntentContext): Promise<Parsed>;
};

/**
 * An intent: the zod schema its fields must pass (the same one the form uses), the handler that gets
 * what the schema made of them, and the success toast (which may depend on the input and the result).
 * A handler that returns a Response (a redirect carrying its own toast) answers with it.
 * `fields` builds the object to check when plain text fields are not enough (a field sent several times).
 */
export function intent<S extends z.ZodType, R>(
  schema: S,
  options: {
    success: string | ((result: Exclude<R, Response>, input: z.output<S>) => string);
    failure?: string;
    fields?: (formData: FormData) => Record<string, unknown>;
    run: (input: z.output<S>, context: IntentContext) => Promise<R> | R;
  },
): Intent {
  const { run, fields, success, failure } = options;
  return {
    failure,
    async parseAndRun(formData, context) {
      const parsed = parseForm(formData, schema, fields?.(formData));
      if (!parsed.ok) return parsed;
      const result = await run(parsed.data, context);
      if (result instanceof Response) return { ok: true, response: result };
      const message = typeof success === "string" ? success : success(result as Exclude<R, Response>, parsed.data);
      return { ok: true, message };
    },
  };
}

export type IntentTable = Readonly<Record<string, Intent>>;

/**
 * Runs the intent a form posted, the one way every admin action runs: the intent must be one of the
 * screen's (400 naming the ones it has), the role table must let the staff member use it (403), its
 * fields must pass its schema (400 with the field errors), and an AppError from the handler becomes
 * the refusal it describes. Anything else thrown is a fault and propagates.
 */
export async function runIntent(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  intents: IntentTable,
  options: {
    /** The form data, when the caller has already read it. */
    formData?: FormData;
    /** The intent of a screen's one form, run when the form posts none. */
    defaultIntent?: string;
  } = {},
) {
  const staff = requireStaff(context);
  const formData = options.formData ?? (await requireFormData(request));
  const posted = formData.get("intent") ?? options.defaultIntent;
  const name = typeof posted === "string" ? posted : "";
  // Own keys only: an intent named like an object's built-ins (`constructor`) is no entry.
  if (!Object.hasOwn(intents, name)) {
    const known = Object.keys(intents).join(", ");
    return actionFailure(name, `Unknown action. This screen's actions are: ${known}.`);
  }
  if (!canUseIntent(staff.role, new URL(request.url).pathname, name)) {
    return actionFailure(name, ACCESS_DENIED_MESSAGE, { status: 403 });
  }
  const definition = intents[name]!;
  const services = getServices(context);
  const handlerContext: IntentContext = { db: services.db, services, staff, actor: auditActor(staff), formData };
  let result: Parsed;
  try {
    result = await definition.parseAndRun(formData, handlerContext);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return appErrorFailure(name, error, formData, definition.failure);
  }
  if (!result.ok) {
    const reason = Object.values(result.fieldErrors)[0] ?? "Please check the form.";
    return actionFailure(name, failureMessage(definition.failure, reason), result);
  }
  return "response" in result ? result.response : actionSuccess(name, result.message);
}
