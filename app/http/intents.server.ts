import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { ACCESS_DENIED_MESSAGE } from "~/http/admin-guard.server";
import { getRequestInfo, getServices } from "~/http/context.server";
import { type FormSchema, parseForm, requireFormData } from "~/http/form-data.server";
import { requireStaff } from "~/http/staff.server";
import { canUseIntent } from "~/lib/roles";
import { AppError } from "~/server/app-error.server";
import type { AuditActor } from "~/server/audit/audit.server";
import { auditActor, type StaffIdentity } from "~/server/auth/session.server";
import type { AppServices } from "~/server/services.server";
import {
  actionFailure,
  actionSuccess,
  appErrorFailure,
  failureMessage,
  type SuccessToast,
} from "./action-result.server";

/** What an intent's handler is given besides its parsed input. */
export type IntentContext = {
  db: AppServices["db"];
  services: AppServices;
  staff: StaffIdentity;
  actor: AuditActor;
  formData: FormData;
  /** The browser's request and address, for handlers that act on its behalf (better-auth's endpoints). */
  request: Request;
  clientIp: string | undefined;
};

type Outcome<Payload> =
  | { ok: true; message: SuccessToast; payload: Payload | undefined; headers: HeadersInit | undefined }
  | { ok: true; response: Response }
  | { ok: false; fieldErrors: Record<string, string>; values: Record<string, string> }
  | { ok: false; error: AppError; payload: Payload | undefined };

/** One action of a screen, made with `intent()`; `Payload` is what its answer carries besides the toast. */
export type Intent<Payload = undefined> = {
  /** Put before the reason when it is refused ("Failed to save blog post: …"). */
  failure?: string;
  parseAndRun(formData: FormData, context: IntentContext): Promise<Outcome<Payload>>;
};

const answerMark = Symbol("intent answer");

/**
 * What a handler returns when its answer needs more than the toast: what the page needs from the change
 * (a secret shown once), response headers (a refreshed session cookie), or, for a refusal, what must stay
 * on screen (the QR code to try the next code with). Made with `answer()` or `refusal()`.
 */
export type Answer<Result, Payload> = {
  [answerMark]: true;
  result: Result;
  payload?: Payload;
  headers?: HeadersInit;
  refusal?: AppError;
};

/** A success carrying what the page needs (`payload`) and response headers, besides the handler's result. */
export function answer<Result, Payload = undefined>(
  result: Result,
  { payload, headers }: { payload?: Payload; headers?: HeadersInit },
): Answer<Result, Payload> {
  return { [answerMark]: true, result, payload, headers };
}

/** The refusal `error` describes, still carrying what the page needs to stay as it was. */
export function refusal<Payload>(error: AppError, payload: Payload): Answer<never, Payload> {
  return { [answerMark]: true, result: undefined as never, payload, refusal: error };
}

function isAnswer(value: unknown): value is Answer<unknown, unknown> {
  return typeof value === "object" && value !== null && answerMark in value;
}

/** What the success toast is made from: the handler's result, unwrapped from its answer. */
type ResultOf<Returned> = Returned extends Answer<infer Result, unknown> ? Result : Exclude<Returned, Response>;
type AnswerPayload<Returned> = Returned extends Answer<unknown, infer Payload> ? Payload : never;
type PayloadOfReturn<Returned> = [AnswerPayload<Returned>] extends [never] ? undefined : AnswerPayload<Returned>;

/**
 * An intent: the zod schema its fields must pass (the same one the form uses; `formSchema()` when the
 * fields need reading first), the handler that gets what the schema made of them, and the success toast
 * (which may depend on the result and the input). The handler returns its result, a Response (a
 * redirect carrying its own toast) to answer with, or an `answer()`/`refusal()` with a payload or headers.
 */
export function intent<S extends z.ZodType, Returned, Payload = PayloadOfReturn<Returned>>(
  schema: S | FormSchema<S>,
  options: {
    success: SuccessToast | ((result: ResultOf<Returned>, input: z.output<S>) => SuccessToast);
    failure?: string;
    run: (input: z.output<S>, context: IntentContext) => Promise<Returned> | Returned;
  },
): Intent<Payload> {
  const { run, success, failure } = options;
  const form = "readFields" in schema ? schema : { schema, readFields: undefined };
  return {
    failure,
    async parseAndRun(formData, context) {
      const parsed = parseForm(formData, form.schema, form.readFields?.(formData));
      if (!parsed.ok) return parsed;
      let returned: Returned;
      try {
        returned = await run(parsed.data, context);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return { ok: false, error, payload: undefined };
      }
      if (returned instanceof Response) return { ok: true, response: returned };
      const answered = isAnswer(returned) ? (returned as Answer<ResultOf<Returned>, Payload>) : undefined;
      if (answered?.refusal) return { ok: false, error: answered.refusal, payload: answered.payload };
      // Not a Response, as just checked: what the handler made of the input.
      const made = answered ? answered.result : (returned as ResultOf<Returned>);
      return {
        ok: true,
        message: typeof success === "function" ? success(made, parsed.data) : success,
        payload: answered?.payload,
        headers: answered?.headers,
      };
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: any payload type; each table keeps its own.
export type IntentTable = Readonly<Record<string, Intent<any>>>;

/** What the answers of a table's intents carry (the union of their payloads). */
export type PayloadOf<Table extends IntentTable> = {
  [Name in keyof Table]: Table[Name] extends Intent<infer Payload> ? Payload : never;
}[keyof Table];

/**
 * Runs the intent a form posted, the one way every admin action runs: the intent must be one of the
 * screen's (400 naming the ones it has), the role table must let the staff member use it (403), its
 * fields must pass its schema (400 with the field errors), and an AppError from the handler becomes
 * the refusal it describes. Anything else thrown is a fault and propagates.
 */
export async function runIntent<Table extends IntentTable>(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  intents: Table,
  options: {
    /** The form data, when the caller has already read it. */
    formData?: FormData;
    /** The intent of a screen's one form, run when the form posts none. */
    defaultIntent?: keyof Table & string;
  } = {},
) {
  type Payload = PayloadOf<Table>;
  const staff = requireStaff(context);
  const formData = options.formData ?? (await requireFormData(request));
  const posted = formData.get("intent") ?? options.defaultIntent;
  const name = typeof posted === "string" ? posted : "";
  // Own keys only: an intent named like an object's built-ins (`constructor`) is no entry.
  if (!Object.hasOwn(intents, name)) {
    const known = Object.keys(intents).join(", ");
    return actionFailure<Payload>(name, `Unknown action. This screen's actions are: ${known}.`);
  }
  if (!canUseIntent(staff.role, new URL(request.url).pathname, name)) {
    return actionFailure<Payload>(name, ACCESS_DENIED_MESSAGE, { status: 403 });
  }
  const definition: Intent<Payload> = intents[name]!;
  const services = getServices(context);
  const outcome = await definition.parseAndRun(formData, {
    db: services.db,
    services,
    staff,
    actor: auditActor(staff),
    formData,
    request,
    clientIp: getRequestInfo(context).clientIp,
  });
  if (outcome.ok) {
    if ("response" in outcome) return outcome.response;
    return actionSuccess<Payload>(name, outcome.message, { payload: outcome.payload, headers: outcome.headers });
  }
  if ("error" in outcome)
    return appErrorFailure<Payload>(name, outcome.error, formData, definition.failure, outcome.payload);
  const reason = Object.values(outcome.fieldErrors)[0] ?? "Please check the form.";
  return actionFailure<Payload>(name, failureMessage(definition.failure, reason), outcome);
}
