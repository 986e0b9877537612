import { intent } from "~/http/intents.server";
import { createUserSchema, resetPasswordSchema, setRoleSchema, userIdSchema } from "~/lib/schemas/staff";
import {
  createStaffUser,
  deleteStaffUser,
  resetStaffPassword,
  revokeStaffSessions,
  setStaffDisabled,
  setStaffRole,
} from "~/server/users/staff-users.server";

export const userIntents = {
  create: intent(createUserSchema, {
    success: "User created successfully",
    run: (user, { db, actor }) => createStaffUser(db, user, actor),
  }),
  "set-role": intent(setRoleSchema, {
    success: "Role updated successfully",
    run: ({ userId, role }, { db, actor }) => setStaffRole(db, userId, role, actor),
  }),
  disable: intent(userIdSchema, {
    success: "User disabled and signed out",
    run: ({ userId }, { db, actor }) => setStaffDisabled(db, userId, true, actor),
  }),
  enable: intent(userIdSchema, {
    success: "User enabled",
    run: ({ userId }, { db, actor }) => setStaffDisabled(db, userId, false, actor),
  }),
  "revoke-sessions": intent(userIdSchema, {
    success: "User signed out everywhere",
    run: ({ userId }, { db, actor }) => revokeStaffSessions(db, userId, actor),
  }),
  "reset-password": intent(resetPasswordSchema, {
    success: "Password reset; the user was signed out",
    run: ({ userId, password }, { db, actor }) => resetStaffPassword(db, userId, password, actor),
  }),
  delete: intent(userIdSchema, {
    success: "User deleted",
    run: ({ userId }, { db, actor }) => deleteStaffUser(db, userId, actor),
  }),
};
