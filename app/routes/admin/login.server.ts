import { data, type RouterContextProvider } from "react-router";
import { actionResult } from "~/http/action-result.server";
import { safeAdminRedirect } from "~/http/admin-guard.server";
import { getRequestInfo, getServices } from "~/http/context.server";
import { redirectWithToast } from "~/http/toast-cookie.server";
import { toastMessage } from "~/lib/toast";
import type { ActionResult } from "~/lib/types/action-result";
import { callAuthEndpoint, cookieHeaders } from "~/server/auth/auth-request.server";
import { getRole } from "~/server/users/staff-users.server";

export const SIGN_IN_FAILED = "Invalid email or password.";
/** A minute for the per-IP limit, up to a quarter hour for a locked address: the message covers both. */
export const TOO_MANY_ATTEMPTS =
  "Too many sign-in attempts. Please wait a few minutes and try again, or ask an admin to unlock your account.";
export const INVALID_CODE = "That code is not valid. Check your authenticator app, or use a backup code.";

type Step = "password" | "two-factor";

/** What a sign-in step answers the login screen besides the toast: the next step, and what went wrong. */
export type SignInStep = { step: Step; formError: string | null };

/** A sign-in answer: `intent` is always "sign-in", the step to show next is in the payload. */
export function signInAnswer(
  ok: boolean,
  payload: SignInStep,
  parts: Partial<Pick<ActionResult, "toast" | "fieldErrors" | "values">> = {},
): ActionResult<SignInStep> {
  return actionResult("sign-in", ok, { ...parts, payload });
}

function failure(step: Step, status: number, message: string, values: Record<string, string> = {}) {
  return data(
    signInAnswer(
      false,
      { step, formError: message },
      { values, toast: toastMessage("error", "Sign In Failed", message) },
    ),
    { status },
  );
}

/**
 * Runs one step of signing in through better-auth (password, then the second factor when enabled)
 * and turns its answer into the login screen's next state or a redirect with the session cookie.
 */
export async function signInStep(
  context: Readonly<RouterContextProvider>,
  request: Request,
  step: Step,
  body: Record<string, unknown>,
  redirectTo: string | undefined,
) {
  const path =
    step === "password"
      ? "/sign-in/email"
      : /^\d{6}$/.test(String(body.code))
        ? "/two-factor/verify-totp"
        : "/two-factor/verify-backup-code";
  const services = getServices(context);
  const { clientIp } = getRequestInfo(context);
  const { response, payload, setCookies } = await callAuthEndpoint(services, { request, clientIp }, path, {
    ...(step === "password" ? { email: body.email, password: body.password } : { code: body.code }),
  });
  if (response.status === 429) return failure(step, 429, TOO_MANY_ATTEMPTS);
  if (!response.ok) {
    if (step === "two-factor" && payload?.code === "INVALID_TWO_FACTOR_COOKIE") {
      return failure("password", 401, "Your sign-in took too long. Please enter your password again.");
    }
    // The challenge was spent on a replayed code: start again, with the next code from the app.
    if (step === "two-factor" && payload?.code === "TOTP_CODE_REUSED") {
      return failure("password", 401, "That code has already been used. Sign in again with the next code.");
    }
    return failure(step, 401, step === "password" ? SIGN_IN_FAILED : INVALID_CODE, {
      email: typeof body.email === "string" ? body.email : "",
    });
  }
  if (payload?.twoFactorRedirect) {
    return data(signInAnswer(true, { step: "two-factor", formError: null }), { headers: cookieHeaders(setCookies) });
  }
  const userId = (payload?.user as { id?: string } | undefined)?.id;
  const role = userId ? await getRole(services.db, userId) : null;
  const headers = cookieHeaders(setCookies);
  if (!role) {
    return redirectWithToast(
      "/admin/unauthorized",
      { type: "error", title: "Access Denied", description: "Your account has no staff role yet." },
      { headers },
    );
  }
  return redirectWithToast(
    safeAdminRedirect(redirectTo),
    { type: "success", title: "Welcome back!", description: "You have been signed in successfully." },
    { headers },
  );
}
