import { z } from "zod";

export const NUL_REFUSED = "Please remove the NUL characters from this field.";

/**
 * Text a visitor typed: an absent field reads as "required" like an empty one (not zod's own
 * wording), and a NUL character is refused here rather than by PostgreSQL at insert time.
 */
export const visitorText = () =>
  z
    .string({ error: "required" })
    .trim()
    .refine((value) => !value.includes("\u0000"), NUL_REFUSED);
