import { intent } from "~/http/intents.server";
import { gdprEmailSchema } from "~/lib/schemas/lead-admin";
import { erasePersonalData } from "~/server/leads/gdpr.server";

export const gdprIntents = {
  erase: intent(gdprEmailSchema, {
    run: ({ email }, { db, actor, services }) => erasePersonalData(db, email, actor, services.formSecret),
    success: (erased) => `Erased ${erased.leads} lead(s) and everything attached to them`,
    payload: (erased, { email }) => ({ erased: { email, ...erased } }),
  }),
};
