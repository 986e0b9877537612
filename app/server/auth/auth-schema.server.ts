/**
 * better-auth names its tables and columns in camelCase; our schema is snake_case throughout.
 * These maps (checked by better-auth against the database on first use) bridge the two.
 */
/** Every better-auth table has both timestamps. */
const timestampFields = { createdAt: "created_at", updatedAt: "updated_at" } as const;

export const userFields = {
  emailVerified: "email_verified",
  ...timestampFields,
} as const;

export const sessionFields = {
  expiresAt: "expires_at",
  ...timestampFields,
  ipAddress: "ip_address",
  userAgent: "user_agent",
  userId: "user_id",
} as const;

export const accountFields = {
  accountId: "account_id",
  providerId: "provider_id",
  userId: "user_id",
  accessToken: "access_token",
  refreshToken: "refresh_token",
  idToken: "id_token",
  accessTokenExpiresAt: "access_token_expires_at",
  refreshTokenExpiresAt: "refresh_token_expires_at",
  ...timestampFields,
} as const;

export const verificationFields = {
  expiresAt: "expires_at",
  ...timestampFields,
} as const;

export const twoFactorSchema = {
  user: { fields: { twoFactorEnabled: "two_factor_enabled" } },
  twoFactor: {
    modelName: "two_factor",
    fields: {
      backupCodes: "backup_codes",
      userId: "user_id",
      failedVerificationCount: "failed_verification_count",
      lockedUntil: "locked_until",
    },
  },
} as const;
