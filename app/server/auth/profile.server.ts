import type { TwoFactorEnrolment } from "~/lib/types/staff";
import { AppError } from "../app-error.server";
import { auditOf } from "../audit/audit.server";
import type { AppServices } from "../services.server";
import { checkNewPassword } from "../users/password-policy.server";
import { callAuthEndpoint } from "./auth-request.server";
import { auditActor, type StaffIdentity } from "./session.server";

const auditUser = auditOf("user");

/**
 * The signed-in staff member's own account: password and two-factor authentication, through
 * better-auth's endpoints on behalf of their browser (`call`), so its checks and rate limits apply.
 * Each answers the cookies better-auth set (it rotates the session) or throws an AppError whose field
 * is the form field to show it under.
 */
type AuthServices = Pick<AppServices, "auth" | "config" | "db">;
type BrowserCall = { request: Request; clientIp: string | undefined };

function authError(payload: Record<string, unknown> | null, fallback: string) {
  const code = payload?.code;
  if (code === "INVALID_PASSWORD") return "That password is not correct.";
  if (code === "INVALID_CODE") return "That code is not valid. Check the time on your device and try again.";
  return typeof payload?.message === "string" ? payload.message : fallback;
}

/** The QR code of an authenticator link; the encoder loads the first time one is drawn. */
export async function qrCodeSvg(text: string) {
  const { default: QRCode } = await import("qrcode");
  return QRCode.toString(text, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
}

export async function changePassword(
  services: AuthServices,
  call: BrowserCall,
  staff: StaffIdentity,
  input: { currentPassword: string; newPassword: string },
) {
  checkNewPassword(input.newPassword, "newPassword");
  const { response, payload, setCookies } = await callAuthEndpoint(services, call, "/change-password", {
    currentPassword: input.currentPassword,
    newPassword: input.newPassword,
    revokeOtherSessions: true,
  });
  if (response.status === 429) {
    throw new AppError("RATE_LIMITED", "Too many attempts. Please wait a minute.", { field: "currentPassword" });
  }
  if (!response.ok) {
    throw new AppError("INVALID_INPUT", authError(payload, "Failed to change password"), { field: "currentPassword" });
  }
  await auditUser(services.db, auditActor(staff), "user.change_password", staff.id);
  return { setCookies };
}

/** Step 1 of enrolment: better-auth stores an unverified secret and returns it with fresh backup codes. */
export async function startTwoFactor(services: AuthServices, call: BrowserCall, password: string) {
  const { response, payload, setCookies } = await callAuthEndpoint(services, call, "/two-factor/enable", { password });
  if (!response.ok || typeof payload?.totpURI !== "string") {
    throw new AppError("INVALID_INPUT", authError(payload, "Could not start two-factor setup"), { field: "password" });
  }
  const enrolment: TwoFactorEnrolment = {
    qrSvg: await qrCodeSvg(payload.totpURI),
    totpUri: payload.totpURI,
    backupCodes: Array.isArray(payload.backupCodes) ? payload.backupCodes.map(String) : [],
  };
  return { enrolment, setCookies };
}

/** Step 2: a correct code from the app turns two-factor on (and better-auth rotates the session). */
export async function confirmTwoFactor(services: AuthServices, call: BrowserCall, staff: StaffIdentity, code: string) {
  const { response, payload, setCookies } = await callAuthEndpoint(services, call, "/two-factor/verify-totp", {
    code,
  });
  if (!response.ok) {
    throw new AppError("INVALID_INPUT", authError(payload, "That code is not valid."), { field: "code" });
  }
  await auditUser(services.db, auditActor(staff), "user.two_factor_enable", staff.id);
  return { setCookies };
}

export async function disableTwoFactor(
  services: AuthServices,
  call: BrowserCall,
  staff: StaffIdentity,
  password: string,
) {
  const { response, payload, setCookies } = await callAuthEndpoint(services, call, "/two-factor/disable", {
    password,
  });
  if (!response.ok) {
    throw new AppError("INVALID_INPUT", authError(payload, "Could not turn off two-factor authentication"), {
      field: "password",
    });
  }
  await auditUser(services.db, auditActor(staff), "user.two_factor_disable", staff.id);
  return { setCookies };
}
