import { z } from "zod";
import { ROLES } from "~/lib/roles";
import { requiredText } from "./fields";

/** Shared by the browser (field checks) and the server (the rules that count). */

/** A new password's length; the password fields' minLength/maxLength and better-auth use the same (the server also refuses common passwords). */
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 128;
/** The sign-in form's first screen of a password, before a round trip (new passwords need MIN_PASSWORD_LENGTH). */
export const SIGN_IN_PASSWORD_MIN_LENGTH = 6;

/** A new password's field: the browser checks the lengths the server's schema checks. */
export const newPasswordInput = {
  type: "password",
  required: true,
  minLength: MIN_PASSWORD_LENGTH,
  maxLength: MAX_PASSWORD_LENGTH,
  autoComplete: "new-password",
} as const;

const email = requiredText(
  "Please enter your e-mail address.",
  254,
  "E-mail addresses are at most 254 characters.",
).pipe(z.email("Please enter a valid e-mail address."));

const newPassword = z
  .string({ error: "Please choose a password." })
  .min(MIN_PASSWORD_LENGTH, `Passwords must be at least ${MIN_PASSWORD_LENGTH} characters.`)
  .max(MAX_PASSWORD_LENGTH, `Passwords must be at most ${MAX_PASSWORD_LENGTH} characters.`);

export const loginSchema = z.object({
  email,
  // Catches an obviously short entry before a round trip; the server's real rule is simply whether the password is right.
  password: z
    .string({ error: "Please enter your password." })
    .min(1, "Please enter your password.")
    .min(SIGN_IN_PASSWORD_MIN_LENGTH, `Passwords are at least ${SIGN_IN_PASSWORD_MIN_LENGTH} characters.`)
    .max(MAX_PASSWORD_LENGTH, `Passwords are at most ${MAX_PASSWORD_LENGTH} characters.`),
  redirectTo: z.string().max(2048).optional(),
});

export const twoFactorSchema = z.object({
  code: requiredText("Please enter the code.", 32, "That code is too long."),
  redirectTo: z.string().max(2048).optional(),
});

/** The name visitors read on booking pages and invitations; empty means the agency's name is shown. */
export const MAX_DISPLAY_NAME_LENGTH = 100;
const displayName = z
  .string()
  .trim()
  .max(MAX_DISPLAY_NAME_LENGTH, `Names are at most ${MAX_DISPLAY_NAME_LENGTH} characters.`)
  .optional()
  .transform((value) => value ?? "");

export const profileSchema = z.object({ name: displayName });

export const SETUP_CODE_MISSING = "Enter the setup code from the server's log.";

export const setupSchema = z.object({
  email: requiredText("Please enter an email address.", 254, "E-mail addresses are at most 254 characters.").pipe(
    z.email("Please enter a valid e-mail address."),
  ),
  name: displayName,
  password: newPassword,
  setupCode: requiredText(SETUP_CODE_MISSING, 64, "That is not a setup code: it has 20 letters and digits."),
});

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, "Please enter your current password.").max(MAX_PASSWORD_LENGTH),
    newPassword,
    confirmPassword: z.string(),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "The two passwords do not match.",
  });

export const passwordConfirmationSchema = z.object({
  password: z.string().min(1, "Please enter your password.").max(MAX_PASSWORD_LENGTH),
});

export const totpCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app."),
});

export const createUserSchema = z.object({
  email,
  name: displayName,
  password: newPassword,
  role: z.enum(ROLES, { error: "Choose a role." }),
});

export const setRoleSchema = z.object({
  userId: z.string().min(1).max(64),
  role: z.enum(ROLES, { error: "Choose a role." }),
});

export const resetPasswordSchema = z.object({
  userId: z.string().min(1).max(64),
  password: newPassword,
});

export const userIdSchema = z.object({ userId: z.string().min(1).max(64) });
