import { z } from "zod";

export const FUNNEL_PRESETS = ["7", "30", "90"] as const;
export const FUNNEL_SORT_COLUMNS = [
  "name",
  "visits",
  "leads",
  "booked",
  "qualified",
  "clients",
  "visitToLead",
  "leadToClient",
] as const;
export type FunnelSortColumn = (typeof FUNNEL_SORT_COLUMNS)[number];
export const FUNNEL_MAX_DAYS = 3660;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string) =>
  DAY.test(value) &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** The funnel's query: a preset of days or a custom from–to (UTC days, both included), and its sorting. */
export const funnelQuerySchema = z
  .object({
    range: z.enum([...FUNNEL_PRESETS, "custom"]).catch("30"),
    from: z.string().trim().optional(),
    to: z.string().trim().optional(),
    sort: z.enum(FUNNEL_SORT_COLUMNS).catch("visits"),
    dir: z.enum(["asc", "desc"]).catch("desc"),
  })
  .superRefine((value, ctx) => {
    if (value.range !== "custom") return;
    if (!value.from || !isDay(value.from))
      ctx.addIssue({ code: "custom", path: ["from"], message: "Enter a start date." });
    if (!value.to || !isDay(value.to)) ctx.addIssue({ code: "custom", path: ["to"], message: "Enter an end date." });
    if (value.from && value.to && isDay(value.from) && isDay(value.to)) {
      if (value.from > value.to)
        ctx.addIssue({ code: "custom", path: ["to"], message: "The end date is before the start date." });
      const days = (Date.parse(value.to) - Date.parse(value.from)) / 86_400_000 + 1;
      if (days > FUNNEL_MAX_DAYS) ctx.addIssue({ code: "custom", path: ["to"], message: "Choose at most ten years." });
    }
  });

export type FunnelQuery = z.output<typeof funnelQuerySchema>;
