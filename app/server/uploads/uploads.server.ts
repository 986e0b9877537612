import type { Logger } from "pino";
import type { SiteFileKey } from "~/lib/uploads";
import { auditOf } from "../audit/audit.server";
import { auditActor, type StaffIdentity } from "../auth/session.server";
import type { AppServices } from "../services.server";
import { updateSettings } from "../settings/settings.server";
import { keyFromUploadUrl, type Storage } from "../storage/storage.server";
import { receiveUpload } from "./receive.server";

const auditUpload = auditOf("upload");

/**
 * The upload endpoint's work: receive and store the file, then, for a site setting, point the setting at it
 * (the old value stays until the new file is safely stored) and drop the file it replaced.
 */
export async function uploadFile(
  services: Pick<AppServices, "db" | "storage" | "logger">,
  request: Request,
  staff: StaffIdentity,
) {
  const { db, storage, logger } = services;
  const upload = await receiveUpload(storage, request, staff.role);
  const actor = auditActor(staff);
  try {
    if (upload.target.settingKey) {
      const key = upload.target.settingKey;
      const { previous } = await updateSettings(db, { [key]: upload.url }, actor);
      await discardStoredFile(storage, previous[key], logger);
    } else {
      await auditUpload(db, actor, "upload.create", upload.key, {
        key: upload.key,
        type: upload.type,
        bytes: upload.size,
      });
    }
  } catch (error) {
    await storage.delete(upload.key).catch(() => {});
    throw error;
  }
  return upload;
}

/** Clears a file setting (logo, video, guide file) and deletes the file it pointed to. */
export async function removeSiteFile(
  services: Pick<AppServices, "db" | "storage" | "logger">,
  key: SiteFileKey,
  staff: StaffIdentity,
) {
  const { previous, changed } = await updateSettings(services.db, { [key]: null }, auditActor(staff));
  await discardStoredFile(services.storage, previous[key], services.logger);
  return { removed: changed.length > 0 };
}

/** Best effort: a file we cannot delete now is only wasted space, never a broken page. */
async function discardStoredFile(storage: Storage, url: string | null | undefined, logger: Logger) {
  const key = keyFromUploadUrl(url);
  if (!key) return;
  try {
    await storage.delete(key);
  } catch (error) {
    logger.warn({ err: error, key }, "could not delete a replaced upload");
  }
}
