/** Sessions end after this long without use (each use within it slides it forward). */
export const SESSION_IDLE_TIMEOUT_SECONDS = 12 * 60 * 60;
/** How often an active session's expiry is pushed forward. */
export const SESSION_REFRESH_SECONDS = 60 * 60;
/** No session lives longer than this, however active: staff sign in again. */
export const SESSION_ABSOLUTE_LIFETIME_SECONDS = 7 * 24 * 60 * 60;
/** Sign-in attempts per client IP per window, across all app processes. */
export const SIGN_IN_RATE_LIMIT = { windowSeconds: 60, max: 10 };
/** Second-factor attempts per client IP per window. */
export const TWO_FACTOR_RATE_LIMIT = { windowSeconds: 60, max: 5 };
/**
 * The header our own server sets to the client IP it derived (through TRUST_PROXY only) before a
 * request reaches better-auth; any value a client sends in it is overwritten.
 */
export const CLIENT_IP_HEADER = "x-agency-client-ip";
