import { intent } from "~/http/intents.server";
import { blogPostSchema, editedIdField, idSchema, statusChangeSchema } from "~/lib/schemas/content";
import { createPost, deletePost, setPostStatus, updatePost } from "~/server/content/blog.server";

/** The editor dialog posts the post's id when it edits one, and none for a new post. */
const savePostSchema = blogPostSchema.extend({ id: editedIdField });

export const blogIntents = {
  save: intent(savePostSchema, {
    success: (_result, { id }) => (id ? "Blog post updated successfully" : "Blog post created successfully"),
    failure: "Failed to save blog post",
    run: ({ id, ...post }, { db, actor }) => (id ? updatePost(db, id, post, actor) : createPost(db, post, actor)),
  }),
  "set-status": intent(statusChangeSchema, {
    success: "Blog post status updated successfully",
    failure: "Failed to update status",
    run: ({ id, status }, { db, actor }) => setPostStatus(db, id, status, actor),
  }),
  delete: intent(idSchema, {
    success: "Blog post deleted successfully",
    failure: "Failed to delete blog post",
    run: ({ id }, { db, actor }) => deletePost(db, id, actor),
  }),
};
