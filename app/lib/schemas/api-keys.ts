import { z } from "zod";
import { checkbox } from "./fields";

/** API keys: created in Settings and by the CLI with the same rules. */

export const API_AREAS = ["leads", "bookings", "clients", "content", "analytics"] as const;
export type ApiArea = (typeof API_AREAS)[number];

export const apiAreaLabels: Record<ApiArea, string> = {
  leads: "Leads",
  bookings: "Bookings",
  clients: "Clients",
  content: "Content",
  analytics: "Analytics",
};

export const API_KEY_NAME_MAX = 60;
export const API_KEY_DEFAULT_DAYS = 90;
export const API_KEY_MAX_DAYS = 365;

/** Areas as one comma-separated value (the CLI's `--areas leads,bookings`, the form's ticked boxes joined). */
const areaList = z
  .string()
  .max(200)
  .optional()
  .transform((value) =>
    (value ?? "")
      .split(",")
      .map((area) => area.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(z.enum(API_AREAS, { error: `Areas are ${API_AREAS.join(", ")}.` }))
      .transform((areas) => [...new Set(areas)]),
  );

export const apiKeyCreateSchema = z.object({
  name: z
    .string({ error: "Give the key a name." })
    .trim()
    .min(1, "Give the key a name.")
    .max(API_KEY_NAME_MAX, `Key names can be at most ${API_KEY_NAME_MAX} characters.`),
  readOnly: checkbox,
  areas: areaList,
  expiresDays: z
    .preprocess(
      (value) => (value === "" || value === null ? undefined : value),
      z.coerce
        .number({ error: "Expiry is a number of days." })
        .int("Expiry is a whole number of days.")
        .min(1, "A key lasts at least one day.")
        .max(API_KEY_MAX_DAYS, `A key lasts at most ${API_KEY_MAX_DAYS} days.`)
        .optional(),
    )
    .transform((days) => days ?? API_KEY_DEFAULT_DAYS),
});

export type ApiKeyCreate = z.output<typeof apiKeyCreateSchema>;

export const apiKeyIdSchema = z.object({ keyId: z.string().min(1).max(64) });
