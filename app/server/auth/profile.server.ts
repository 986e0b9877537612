import QRCode from "qrcode";
import { data, type RouterContextProvider } from "react-router";
import { type ToastMessage, toastMessage } from "~/lib/toast";
import { recordAudit } from "../audit/audit.server";
import { getRequestInfo, getServices } from "../context.server";
import { callAuthEndpoint, cookieHeaders } from "./auth-request.server";
import { auditActor, type StaffIdentity } from "./session.server";

type ProfileResult = {
  intent: string;
  toast: ToastMessage | null;
  fieldErrors: Record<string, string>;
  enrolment?: { qrSvg: string; totpUri: string; backupCodes: string[] };
};

function reply(result: ProfileResult, init?: { status?: number; setCookies?: string[] }) {
  return data(result, { status: init?.status, headers: init?.setCookies ? cookieHeaders(init.setCookies) : undefined });
}

function authError(payload: Record<string, unknown> | null, fallback: string) {
  const code = payload?.code;
  if (code === "INVALID_PASSWORD") return "That password is not correct.";
  if (code === "INVALID_CODE") return "That code is not valid. Check the time on your device and try again.";
  return typeof payload?.message === "string" ? payload.message : fallback;
}

export async function qrCodeSvg(text: string) {
  return QRCode.toString(text, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
}

export async function changePassword(
  context: Readonly<RouterContextProvider>,
  request: Request,
  staff: StaffIdentity,
  input: { currentPassword: string; newPassword: string },
) {
  const { response, payload, setCookies } = await callAuthEndpoint(
    getServices(context),
    { request, clientIp: getRequestInfo(context).clientIp },
    "/change-password",
    {
      currentPassword: input.currentPassword,
      newPassword: input.newPassword,
      revokeOtherSessions: true,
    },
  );
  if (!response.ok) {
    const message =
      response.status === 429
        ? "Too many attempts. Please wait a minute."
        : authError(payload, "Failed to change password");
    return reply(
      {
        intent: "change-password",
        toast: toastMessage("error", "Error", message),
        fieldErrors: { currentPassword: message },
      },
      { status: response.status === 429 ? 429 : 400 },
    );
  }
  await recordAudit(getServices(context).db, {
    actor: auditActor(staff),
    action: "user.change_password",
    entityType: "user",
    entityId: staff.id,
  });
  return reply(
    {
      intent: "change-password",
      toast: toastMessage("success", "Password changed", "Your other sessions were signed out."),
      fieldErrors: {},
    },
    { setCookies },
  );
}

/** Step 1 of enrolment: better-auth stores an unverified secret and returns it with fresh backup codes. */
export async function startTwoFactor(context: Readonly<RouterContextProvider>, request: Request, password: string) {
  const { response, payload, setCookies } = await callAuthEndpoint(
    getServices(context),
    { request, clientIp: getRequestInfo(context).clientIp },
    "/two-factor/enable",
    {
      password,
    },
  );
  if (!response.ok || typeof payload?.totpURI !== "string") {
    const message = authError(payload, "Could not start two-factor setup");
    return reply(
      { intent: "enable-2fa", toast: toastMessage("error", "Error", message), fieldErrors: { password: message } },
      { status: 400 },
    );
  }
  return reply(
    {
      intent: "enable-2fa",
      toast: null,
      fieldErrors: {},
      enrolment: {
        qrSvg: await qrCodeSvg(payload.totpURI),
        totpUri: payload.totpURI,
        backupCodes: Array.isArray(payload.backupCodes) ? payload.backupCodes.map(String) : [],
      },
    },
    { setCookies },
  );
}

/** Step 2: a correct code from the app turns two-factor on (and better-auth rotates the session). */
export async function confirmTwoFactor(
  context: Readonly<RouterContextProvider>,
  request: Request,
  staff: StaffIdentity,
  input: { code: string; totpUri: string },
) {
  const { response, payload, setCookies } = await callAuthEndpoint(
    getServices(context),
    { request, clientIp: getRequestInfo(context).clientIp },
    "/two-factor/verify-totp",
    {
      code: input.code,
    },
  );
  if (!response.ok) {
    const message = authError(payload, "That code is not valid.");
    return reply(
      {
        intent: "confirm-2fa",
        toast: toastMessage("error", "Error", message),
        fieldErrors: { code: message },
        enrolment: { qrSvg: await qrCodeSvg(input.totpUri), totpUri: input.totpUri, backupCodes: [] },
      },
      { status: 400 },
    );
  }
  await recordAudit(getServices(context).db, {
    actor: auditActor(staff),
    action: "user.two_factor_enable",
    entityType: "user",
    entityId: staff.id,
  });
  return reply(
    {
      intent: "confirm-2fa",
      toast: toastMessage("success", "Two-factor authentication is on", "You'll be asked for a code when you sign in."),
      fieldErrors: {},
    },
    { setCookies },
  );
}

export async function disableTwoFactor(
  context: Readonly<RouterContextProvider>,
  request: Request,
  staff: StaffIdentity,
  password: string,
) {
  const { response, payload, setCookies } = await callAuthEndpoint(
    getServices(context),
    { request, clientIp: getRequestInfo(context).clientIp },
    "/two-factor/disable",
    {
      password,
    },
  );
  if (!response.ok) {
    const message = authError(payload, "Could not turn off two-factor authentication");
    return reply(
      {
        intent: "disable-2fa",
        toast: toastMessage("error", "Error", message),
        fieldErrors: { disablePassword: message },
      },
      { status: 400 },
    );
  }
  await recordAudit(getServices(context).db, {
    actor: auditActor(staff),
    action: "user.two_factor_disable",
    entityType: "user",
    entityId: staff.id,
  });
  return reply(
    { intent: "disable-2fa", toast: toastMessage("success", "Two-factor authentication is off"), fieldErrors: {} },
    { setCookies },
  );
}
