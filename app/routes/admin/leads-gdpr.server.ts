import { answer, intent } from "~/http/intents.server";
import { gdprEmailSchema } from "~/lib/schemas/lead-admin";
import { erasePersonalData } from "~/server/leads/gdpr.server";

export const gdprIntents = {
  erase: intent(gdprEmailSchema, {
    run: async ({ email }, { db, actor, services }) => {
      const erased = await erasePersonalData(db, email, actor, services.formSecret);
      return answer(erased, { payload: { erased: { email, ...erased } } });
    },
    success: (erased) => `Erased ${erased.leads} lead(s) and everything attached to them`,
  }),
};
