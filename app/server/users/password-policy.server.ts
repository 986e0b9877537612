import { z } from "zod";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "~/lib/schemas/staff";
import { AppError } from "../app-error.server";
// The 10,000 most common passwords of zxcvbn-ts's list (@zxcvbn-ts/language-common 4.1.3, MIT), lower-cased.
import commonPasswordList from "./common-passwords.json";

const commonPasswords = new Set<string>(commonPasswordList);

export const COMMON_PASSWORD_MESSAGE =
  "That password is on a list of common and breached passwords. Please choose one that is harder to guess.";

/**
 * A common password padded to length with digits or symbols ("Password2024!") is as easy to guess
 * as the word itself, so the word without its leading and trailing digits and symbols is checked too.
 */
export function isCommonPassword(password: string) {
  const lowered = password.toLowerCase();
  const core = lowered.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "");
  return commonPasswords.has(lowered) || (core.length > 0 && commonPasswords.has(core));
}

/** Every new staff password, whichever path sets it: setup, admin create and reset, own change, the CLI. */
export const newStaffPasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Passwords must be at least ${MIN_PASSWORD_LENGTH} characters.`)
  .max(MAX_PASSWORD_LENGTH, `Passwords must be at most ${MAX_PASSWORD_LENGTH} characters.`)
  .refine((password) => !isCommonPassword(password), COMMON_PASSWORD_MESSAGE);

/** Throws the rule's first message as a field error, for forms and the CLI alike. */
export function checkNewPassword(password: string, field = "password") {
  const result = newStaffPasswordSchema.safeParse(password);
  if (!result.success) {
    throw new AppError("INVALID_INPUT", result.error.issues[0]?.message ?? COMMON_PASSWORD_MESSAGE, { field });
  }
}
