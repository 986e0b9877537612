import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { twoFactor } from "better-auth/plugins/two-factor";
import { Kysely, PostgresDialect } from "kysely";
import type { Logger } from "pino";
import { brand } from "~/content/brand";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "~/lib/schemas/staff";
import { auditOf } from "../audit/audit.server";
import type { Config } from "../config.server";
import { createPostgresPool } from "../db/database.server";
import type { Database } from "../db/schema.server";
import { fromBool, now } from "../db/values.server";
import { addressKey } from "../rate-limit/address-key.server";
import { rateLimitAddress } from "../rate-limit/client-address.server";
import { consumeRateLimit } from "../rate-limit/rate-limit.server";
import { accountFields, sessionFields, twoFactorSchema, userFields, verificationFields } from "./auth-schema.server";
import {
  CLIENT_IP_HEADER,
  SESSION_IDLE_TIMEOUT_SECONDS,
  SESSION_REFRESH_SECONDS,
  SIGN_IN_RATE_LIMIT,
  TWO_FACTOR_RATE_LIMIT,
} from "./constants";
import { isPastAbsoluteLifetime } from "./session-lifetime.server";
import {
  clearSignInFailures,
  recordSignInFailure,
  SIGN_IN_FAILURES,
  signInLock,
  waitForSignIn,
} from "./sign-in-failures.server";

const auditUser = auditOf("user");

type AuthDependencies = { config: Config; db: Database; secret: string; logger: Logger };

export type Auth = ReturnType<typeof createAuth>["auth"];

const SIGN_IN_PATHS = new Set(["/sign-in/email", "/two-factor/verify-totp", "/two-factor/verify-backup-code"]);

export function createAuth({ config, db, secret, logger }: AuthDependencies) {
  // better-auth wants Date objects from PostgreSQL, so on PostgreSQL it gets a pool with pg's default
  // type parsing; on SQLite it shares our connection (there is only one).
  const authDb =
    config.database.dialect === "postgres"
      ? new Kysely({
          dialect: new PostgresDialect({
            pool: createPostgresPool(config.database.connectionString, config.databasePool.auth),
          }),
        })
      : db;

  const auth = betterAuth({
    appName: brand.name,
    baseURL: config.baseUrl,
    basePath: "/api/auth",
    secret,
    database: { db: authDb, type: config.database.dialect },
    telemetry: { enabled: false },
    trustedOrigins: config.trustedOrigins,
    logger: {
      level: "warn",
      log: (level, message, ...args) =>
        logger[level === "debug" ? "debug" : level]({ args, source: "better-auth" }, message),
    },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      autoSignIn: false,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      revokeSessionsOnPasswordReset: true,
    },
    user: {
      fields: userFields,
      additionalFields: {
        disabled: { type: "boolean", required: false, defaultValue: false, input: false },
      },
    },
    account: { fields: accountFields },
    verification: { fields: verificationFields },
    session: {
      fields: sessionFields,
      expiresIn: SESSION_IDLE_TIMEOUT_SECONDS,
      updateAge: SESSION_REFRESH_SECONDS,
      cookieCache: { enabled: false },
    },
    rateLimit: {
      enabled: true,
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: SIGN_IN_RATE_LIMIT.windowSeconds, max: SIGN_IN_RATE_LIMIT.max },
        "/two-factor/*": { window: TWO_FACTOR_RATE_LIMIT.windowSeconds, max: TWO_FACTOR_RATE_LIMIT.max },
        "/change-password": { window: 60, max: 5 },
      },
      customStorage: {
        async consume(key, rule) {
          const result = await consumeRateLimit(db, `auth:${key}`, { windowSeconds: rule.window, max: rule.max });
          return { allowed: result.allowed, retryAfter: result.retryAfterSeconds };
        },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.secureCookies,
      // Both default to off under NODE_ENV=test; we want the same protection in every environment.
      disableCSRFCheck: false,
      disableOriginCheck: false,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: config.secureCookies },
      database: { generateId: () => crypto.randomUUID() },
    },
    plugins: [
      twoFactor({
        issuer: brand.name,
        backupCodeOptions: { amount: 10, length: 10 },
        schema: twoFactorSchema,
      }),
    ],
    databaseHooks: {
      session: {
        create: {
          // A disabled account never gets a session, whichever endpoint asked for one.
          async before(session) {
            const user = await db
              .selectFrom("user")
              .select("disabled")
              .where("id", "=", session.userId)
              .executeTakeFirst();
            if (!user || fromBool(user.disabled)) return false;
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === "/sign-in/email") {
          const email = signInEmailOf(ctx.body);
          const clientIp = clientIpOf(ctx.headers);
          const lock = await signInLock(db, secret, email, clientIp);
          if (lock.locked) {
            throw APIError.from("TOO_MANY_REQUESTS", {
              message: "Too many sign-in attempts",
              code: "TOO_MANY_REQUESTS",
            });
          }
          await waitForSignIn(lock);
          const user = await db.selectFrom("user").select("disabled").where("email", "=", email).executeTakeFirst();
          if (user && fromBool(user.disabled)) {
            // As long as a wrong password takes (better-auth hashes for an unknown address too), so
            // the answer's timing does not tell a disabled account from the others.
            await ctx.context.password.hash(typeof ctx.body?.password === "string" ? ctx.body.password : "");
            await countSignInFailure(email, clientIp);
            await auditSignInRefusal("auth.sign_in_failed", email, { reason: "account disabled" });
            throw APIError.from("UNAUTHORIZED", {
              message: "Invalid email or password",
              code: "INVALID_EMAIL_OR_PASSWORD",
            });
          }
        }
        if (!SIGN_IN_PATHS.has(ctx.path) && ctx.path !== "/sign-out") await refuseExpiredSession(ctx);
        if (ctx.path === "/sign-out") {
          const session = await getSessionFromCtx(ctx).catch(() => null);
          if (session) {
            await auditUser(db, { id: session.user.id, email: session.user.email }, "auth.sign_out", session.user.id);
          }
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (!SIGN_IN_PATHS.has(ctx.path)) return;
        const returned = ctx.context.returned;
        if (ctx.path === "/sign-in/email") {
          const email = signInEmailOf(ctx.body);
          const clientIp = clientIpOf(ctx.headers);
          if (!(returned instanceof APIError)) await clearSignInFailures(db, secret, email, clientIp);
          else if (returned.statusCode === 401) await countSignInFailure(email, clientIp);
        }
        const created = ctx.context.newSession;
        if (created) {
          if (ctx.path === "/two-factor/verify-totp") await refuseReplayedCode(db, auth, created, ctx.body?.code);
          await auditUser(
            db,
            { id: created.user.id, email: created.user.email },
            "auth.sign_in",
            created.user.id,
            ctx.path === "/sign-in/email" ? undefined : { secondFactor: ctx.path.split("/").pop() },
          );
          return;
        }
        if (returned instanceof APIError && returned.statusCode !== 429) {
          const step = ctx.path === "/sign-in/email" ? "password" : "second factor";
          await auditSignInRefusal("auth.sign_in_failed", ctx.body?.email, { step });
        }
      }),
    },
  });

  /**
   * A refused sign-in is audited without the address typed (anyone can type anyone's address, or a
   * password into the address field): the account it names, when there is one, and a keyed hash of
   * the address, by which GDPR erase finds the entry.
   */
  async function auditSignInRefusal(action: string, typed: unknown, summary: Record<string, unknown>) {
    const email = typeof typed === "string" ? typed.trim().toLowerCase().slice(0, 254) : "";
    const account = email
      ? await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst()
      : undefined;
    await auditUser(db, { id: null, email: null }, action, account?.id ?? null, {
      ...summary,
      ...(email ? { emailKey: addressKey(secret, email) } : {}),
    });
  }

  /** Counts a failed sign-in; the failure that locks a client address out of the account is audited. */
  async function countSignInFailure(email: string, clientIp: string | undefined) {
    if (!(await recordSignInFailure(db, secret, email, clientIp))) return;
    await auditSignInRefusal("auth.sign_in_locked", email, {
      client: rateLimitAddress(clientIp),
      failures: SIGN_IN_FAILURES.lockAfter,
      minutes: SIGN_IN_FAILURES.windowSeconds / 60,
    });
  }

  /**
   * The absolute lifetime holds wherever a session is read, not only behind the admin guard: better-auth
   * slides a session's expiry with use, so an active session would otherwise live for ever.
   */
  async function refuseExpiredSession(ctx: Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]) {
    if (!ctx.headers?.get("cookie")?.includes("session_token")) return;
    const current = await getSessionFromCtx(ctx).catch(() => null);
    if (!current || !isPastAbsoluteLifetime(current.session.createdAt)) return;
    await ctx.context.internalAdapter.deleteSession(current.session.token);
    throw APIError.from("UNAUTHORIZED", {
      message: "Your session has ended. Please sign in again.",
      code: "SESSION_EXPIRED",
    });
  }

  const close = async () => {
    if (authDb !== db) await authDb.destroy();
  };
  return { auth, close, db: authDb };
}

function signInEmailOf(body: unknown) {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" ? email.trim().toLowerCase() : "";
}

function clientIpOf(headers: Headers | undefined) {
  return headers?.get(CLIENT_IP_HEADER) || undefined;
}

const USED_CODE_MEMORY_MS = 10 * 60 * 1000;

/** better-auth accepts a TOTP code again within its window; we let each code sign in once. */
async function refuseReplayedCode(
  db: Database,
  auth: { $context: Promise<{ internalAdapter: { deleteSession(token: string): Promise<void> } }> },
  created: { session: { token: string }; user: { id: string } },
  code: unknown,
) {
  // Codes repeat by chance over months; only the last few minutes matter for a replay.
  await db
    .deleteFrom("two_factor_used_codes")
    .where("used_at", "<", new Date(Date.now() - USED_CODE_MEMORY_MS).toISOString())
    .execute();
  const claimed = await db
    .insertInto("two_factor_used_codes")
    .values({ user_id: created.user.id, code: String(code ?? ""), used_at: now() })
    .onConflict((oc) => oc.columns(["user_id", "code"]).doNothing())
    .executeTakeFirst();
  if (Number(claimed.numInsertedOrUpdatedRows ?? 0) > 0) return;
  const context = await auth.$context;
  await context.internalAdapter.deleteSession(created.session.token);
  throw APIError.from("UNAUTHORIZED", { message: "This code has already been used", code: "TOTP_CODE_REUSED" });
}
