import { intent } from "~/http/intents.server";
import { idSchema, statusChangeSchema } from "~/lib/schemas/content";
import { deletePage, setPageStatus } from "~/server/content/pages.server";

export const pageListIntents = {
  "set-status": intent(statusChangeSchema, {
    success: "Page status updated successfully",
    failure: "Failed to update page status",
    run: ({ id, status }, { db, actor }) => setPageStatus(db, id, status, actor),
  }),
  delete: intent(idSchema, {
    success: "Page deleted successfully",
    failure: "Failed to delete page",
    run: ({ id }, { db, actor }) => deletePage(db, id, actor),
  }),
};
