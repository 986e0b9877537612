import { z } from "zod";

/** The shapes of the pricing content sections the public pages render; the admin's JSON editor checks them too. */
export const ongoingManagementContentSchema = z.object({
  title: z.string().trim().min(1, "title is required"),
  percentage: z.number().min(0).max(100).default(10),
  description: z.string().default(""),
  examples: z.array(z.object({ spend_usd: z.number().nonnegative(), fee_usd: z.number().nonnegative() })).default([]),
});

export const faqContentSchema = z.object({
  title: z.string().trim().min(1, "title is required"),
  questions: z.array(z.object({ question: z.string().trim().min(1), answer: z.string().trim().min(1) })).default([]),
});

export type OngoingManagementContent = z.infer<typeof ongoingManagementContentSchema>;
export type FaqContent = z.infer<typeof faqContentSchema>;

export const knownSectionSchemas = {
  ongoing_management: ongoingManagementContentSchema,
  faq: faqContentSchema,
} as const;
