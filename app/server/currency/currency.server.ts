import { readCookie } from "~/lib/cookies";
import { type Currency, isCurrency } from "~/lib/currency";
import type { Config } from "../config.server";
import { countryDataDir, createCountryTable } from "./country-table.server";

export const CURRENCY_COOKIE = "currency";

let countryTable: ReturnType<typeof createCountryTable> | undefined;

/** Addresses looked up lately: a visitor asks for many pages, and the table lookup is the costly part. */
const recentCountries = new Map<string, string | undefined>();
const RECENT_COUNTRIES = 10_000;

export function countryOf(ip: string | undefined) {
  if (!ip) return undefined;
  if (recentCountries.has(ip)) return recentCountries.get(ip);
  let country: string | undefined;
  try {
    countryTable ??= createCountryTable(countryDataDir());
    country = countryTable.lookup(ip);
  } catch {
    return undefined;
  }
  // Full: start again, so a flood of addresses costs lookups, not memory.
  if (recentCountries.size >= RECENT_COUNTRIES) recentCountries.clear();
  recentCountries.set(ip, country);
  return country;
}

/**
 * INR for visitors from India, USD otherwise; a visitor's own choice (cookie) wins. The country comes
 * from the trusted proxy's header when one is configured, else from the offline table; never from a
 * third-party service.
 */
export function detectCurrency(request: Request, config: Config, clientIp: string | undefined): Currency {
  return currencyOfVisitor(
    (name) => request.headers.get(name) ?? undefined,
    config,
    () => clientIp,
  );
}

/** detectCurrency on raw request headers; the client IP is worked out only when the country is needed. */
export function currencyOfVisitor(
  header: (name: string) => string | undefined,
  config: Pick<Config, "countryHeader" | "trustProxy">,
  clientIp: () => string | undefined,
): Currency {
  return currencyOf(header, () => countryOfVisitor(header, config, clientIp));
}

/** The visitor's chosen currency, else their country's; the country is asked for only when needed. */
export function currencyOf(header: (name: string) => string | undefined, country: () => string | undefined): Currency {
  const chosen = readCookie(header("cookie"), CURRENCY_COOKIE);
  if (isCurrency(chosen)) return chosen;
  return country() === "IN" ? "INR" : "USD";
}

/** The visitor's country: the trusted proxy's header when one is configured, else the offline table. */
export function countryOfVisitor(
  header: (name: string) => string | undefined,
  config: Pick<Config, "countryHeader" | "trustProxy">,
  clientIp: () => string | undefined,
) {
  const fromProxy =
    config.countryHeader && config.trustProxy !== false
      ? header(config.countryHeader)?.trim().toUpperCase()
      : undefined;
  return fromProxy || countryOf(clientIp());
}

/** countryOfVisitor on a Fetch-style request. */
export function visitorCountry(
  request: { headers: { get(name: string): string | null } },
  config: Pick<Config, "countryHeader" | "trustProxy">,
  clientIp: string | undefined,
) {
  return countryOfVisitor(
    (name) => request.headers.get(name) ?? undefined,
    config,
    () => clientIp,
  );
}

export function currencyCookie(currency: Currency, secure: boolean) {
  return `${CURRENCY_COOKIE}=${currency}; Path=/; Max-Age=${60 * 60 * 24 * 365}; SameSite=Lax${secure ? "; Secure" : ""}`;
}
