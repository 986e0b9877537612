import type { z } from "zod";
import { availabilitySchema } from "./availability";

/** The hours the first admin's setup asks for: the week and its zone; everything else keeps its default. */
export const firstHoursSchema = availabilitySchema.pick({ timeZone: true, weekly: true });

/** What the setup form shows before anything is typed: office hours on weekdays. */
export const FIRST_HOURS_WEEKLY = "mon-fri 09:00-17:00";

export type FirstHours = z.infer<typeof firstHoursSchema>;
