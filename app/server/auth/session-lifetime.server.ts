import { SESSION_ABSOLUTE_LIFETIME_SECONDS } from "./constants";

/** Whether a session created at `createdAt` has outlived the absolute lifetime, however active it was. */
export function isPastAbsoluteLifetime(createdAt: Date | string, nowMs = Date.now()) {
  return nowMs - new Date(createdAt).getTime() > SESSION_ABSOLUTE_LIFETIME_SECONDS * 1000;
}
