/**
 * The one error a domain function throws when a request cannot be done as asked: the lead is gone,
 * the slug is taken, the file is too large. Its message is written for the person who asked and is
 * shown as is; its code decides the HTTP status; `field` names the form field it belongs to, if any;
 * `retryAfterSeconds` says when trying again can work (a limit, a service that is down), sent as
 * `Retry-After`. Anything else thrown is a fault of ours and surfaces as a 500.
 */
export class AppError extends Error {
  override name = "AppError";
  readonly code: AppErrorCode;
  readonly field: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: AppErrorCode,
    message: string,
    options: { field?: string; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.field = options.field;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get status(): number {
    return statusOfCode[this.code];
  }

  /** The headers the refusal is sent with. */
  get headers(): Record<string, string> {
    return this.retryAfterSeconds === undefined ? {} : { "Retry-After": String(this.retryAfterSeconds) };
  }
}

const statusOfCode = {
  /** The input breaks a rule the form cannot check alone (a date in the past, a slug of a built-in page). */
  INVALID_INPUT: 400,
  /** The signed-in person's role may not do this. */
  FORBIDDEN: 403,
  /** What the request names no longer exists. */
  NOT_FOUND: 404,
  /** The request clashes with the current state: a taken name, a mail already sent, the last admin. */
  CONFLICT: 409,
  TOO_LARGE: 413,
  /** Too many attempts in a short time; waiting a little helps. */
  RATE_LIMITED: 429,
  UNSUPPORTED_TYPE: 415,
  /** Well-formed but unusable content, such as a zip that is not a valid archive. */
  UNPROCESSABLE: 422,
  /** A service we depend on (file storage) failed; trying again later may work. */
  UNAVAILABLE: 503,
} as const;

export type AppErrorCode = keyof typeof statusOfCode;
