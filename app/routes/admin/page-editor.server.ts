import { intent } from "~/http/intents.server";
import { redirectWithSuccess } from "~/http/toast-cookie.server";
import { pageSchema } from "~/lib/schemas/content";
import { createPage, updatePage } from "~/server/content/pages.server";

/** The editor's one form: it saves the page (`id`, or a new one) and goes back to the list. */
export function pageEditorIntents(id: string | undefined) {
  const message = id ? "Page updated successfully" : "Page created successfully";
  return {
    save: intent(pageSchema, {
      success: message,
      failure: "Failed to save page",
      run: async (page, { db, actor }) => {
        await (id ? updatePage(db, id, page, actor) : createPage(db, page, actor));
        return redirectWithSuccess("/admin/pages", message);
      },
    }),
  };
}
