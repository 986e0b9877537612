import { APIError } from "better-auth/api";
import type { Role } from "~/lib/roles";
import { fromBool } from "../db/values.server";
import type { AppServices } from "../services.server";
import { getRole } from "../users/staff-users.server";

export type StaffIdentity = {
  id: string;
  email: string;
  name: string;
  role: Role | null;
  twoFactorEnabled: boolean;
  sessionCreatedAt: string;
};

/**
 * The signed-in staff member behind a request, or null. A session past its absolute lifetime, or of a
 * disabled user, is deleted on sight. `setCookies` carries better-auth's refreshed session cookie.
 */
export async function loadStaffSession(services: AppServices, request: Request) {
  if (!request.headers.get("cookie")?.includes("session_token")) return { identity: null, setCookies: [] };
  // better-auth deletes a session past its absolute lifetime and refuses it (see createAuth).
  const read = await services.auth.api
    .getSession({ headers: request.headers, returnHeaders: true })
    .catch((error: unknown) => {
      if (error instanceof APIError && error.statusCode === 401) return null;
      throw error;
    });
  if (!read) return { identity: null, setCookies: [] };
  const { headers, response } = read;
  const setCookies = headers?.getSetCookie() ?? [];
  if (!response) return { identity: null, setCookies };
  const { session, user } = response;
  const createdAt = new Date(session.createdAt);
  if (fromBool((user as { disabled?: boolean }).disabled)) {
    await services.db.deleteFrom("session").where("token", "=", session.token).execute();
    return { identity: null, setCookies: [] };
  }
  const identity: StaffIdentity = {
    id: user.id,
    email: user.email,
    name: user.name,
    role: await getRole(services.db, user.id),
    twoFactorEnabled: Boolean((user as { twoFactorEnabled?: boolean }).twoFactorEnabled),
    sessionCreatedAt: createdAt.toISOString(),
  };
  return { identity, setCookies };
}

export function auditActor(identity: StaffIdentity) {
  return { id: identity.id, email: identity.email };
}
