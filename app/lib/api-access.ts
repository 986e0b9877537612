import { canAccess, canUseIntent, type Role } from "./roles";
import { type ApiArea, apiAreaLabels } from "./schemas/api-keys";

/**
 * What an API key may do: its owner's role as it is now (never a copy kept on the key), narrowed by
 * the key to reading only and to some areas. Every API route and assistant tool names the admin screen
 * (and, for a change, the screen's intent) it stands for, so the role table that guards the screens
 * guards the API too.
 */
export type KeyScope = { role: Role | null; readOnly: boolean; areas: readonly ApiArea[] };

export type Operation = {
  area: ApiArea;
  /** The admin path whose roles apply (`/admin/leads`), and for a change the intent posted there. */
  path: string;
  intent?: string;
  /** A change (anything but reading). */
  write: boolean;
};

export type Refusal = { code: "FORBIDDEN"; message: string };

export function refusalFor(scope: KeyScope, operation: Operation): Refusal | null {
  if (scope.areas.length > 0 && !scope.areas.includes(operation.area)) {
    return { code: "FORBIDDEN", message: `This key is not for ${apiAreaLabels[operation.area].toLowerCase()}.` };
  }
  if (operation.write && scope.readOnly) return { code: "FORBIDDEN", message: "This key may only read." };
  const allowed = operation.intent
    ? canUseIntent(scope.role, operation.path, operation.intent)
    : canAccess(scope.role, operation.path);
  return allowed ? null : { code: "FORBIDDEN", message: "The key's owner may not do this." };
}

export function isAllowed(scope: KeyScope, operation: Operation) {
  return refusalFor(scope, operation) === null;
}
