import { getServices } from "~/http/context.server";
import { requireStaff } from "~/http/staff.server";
import { AppError } from "~/server/app-error.server";
import { uploadFile } from "~/server/uploads/uploads.server";
import type { Route } from "./+types/uploads";

/**
 * POST /admin/uploads (multipart: `bucket`, optional `prefix`, then `file`) answers `{ url }` or `{ error }`.
 * The admin guard has already checked the role table; which uploads each role may make is decided by target.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(context);
  const services = getServices(context);
  if (request.method !== "POST") return Response.json({ error: "Use POST to upload a file." }, { status: 405 });
  try {
    const upload = await uploadFile(services, request, staff);
    return Response.json({ url: upload.url });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.status >= 500) services.logger.error({ err: error.cause ?? error }, "upload could not be stored");
    // The rest of a refused body is never read: close the connection rather than drain it.
    return Response.json({ error: error.message }, { status: error.status, headers: { Connection: "close" } });
  }
}

export function loader() {
  return Response.json({ error: "Use POST to upload a file." }, { status: 405, headers: { Allow: "POST" } });
}
