import { describe, expect, it } from "vitest";
import { safeAdminRedirect } from "~/http/admin-guard.server";
import { clientErrorStatus } from "~/http/malformed-request.server";
import { isForeignRequest } from "~/http/request-origin.server";
import { encodedLocalPath } from "~/lib/local-path";
import { SIGN_IN_FAILURES, signInDelayMs } from "~/server/auth/sign-in-failures.server";
import { loggedUrl } from "~/server/logger.server";
import { addressKey } from "~/server/rate-limit/address-key.server";

const trusted = ["https://agency.example"];

describe("the origin rule", () => {
  it("lets safe methods through from anywhere", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      expect(
        isForeignRequest(method, { origin: "https://evil.example", "sec-fetch-site": "cross-site" }, trusted),
      ).toBe(false);
    }
  });

  it("refuses an unsafe request whose Origin is not the site's", () => {
    for (const origin of [
      "https://evil.example",
      "https://agency.example:8443",
      "https://shop.agency.example",
      "null",
    ]) {
      expect(isForeignRequest("POST", { origin }, trusted)).toBe(true);
    }
    expect(isForeignRequest("DELETE", { origin: "http://agency.example" }, trusted)).toBe(true);
    expect(isForeignRequest("POST", { origin: "https://agency.example" }, trusted)).toBe(false);
    expect(isForeignRequest("PUT", { origin: "HTTPS://AGENCY.EXAMPLE" }, trusted)).toBe(false);
  });

  it("decides by Sec-Fetch-Site where Origin is missing, and lets non-browser clients through", () => {
    expect(isForeignRequest("POST", { "sec-fetch-site": "same-site" }, trusted)).toBe(true);
    expect(isForeignRequest("POST", { "sec-fetch-site": "cross-site" }, trusted)).toBe(true);
    expect(isForeignRequest("POST", { "sec-fetch-site": "same-origin" }, trusted)).toBe(false);
    // A page of the site sent with Referrer-Policy: no-referrer posts with Origin: null.
    expect(isForeignRequest("POST", { origin: "null", "sec-fetch-site": "same-origin" }, trusted)).toBe(false);
    expect(isForeignRequest("POST", { origin: "null", "sec-fetch-site": "cross-site" }, trusted)).toBe(true);
    expect(isForeignRequest("POST", { origin: "null", "sec-fetch-site": "same-site" }, trusted)).toBe(true);
    expect(isForeignRequest("POST", { "sec-fetch-site": "none" }, trusted)).toBe(false);
    expect(isForeignRequest("POST", {}, trusted)).toBe(false);
  });
});

describe("the access log's URLs", () => {
  it("leaves out the query strings of staff screens and booking pages, and feed addresses whole", () => {
    const logged: [url: string, logged: string][] = [
      ["/admin/leads?q=gina%40example.com", "/admin/leads?[redacted]"],
      ["/admin/leads.data?q=gina", "/admin/leads.data?[redacted]"],
      ["/Admin/Clients?q=Gina", "/Admin/Clients?[redacted]"],
      ["/%61dmin/leads?q=gina", "/%61dmin/leads?[redacted]"],
      ["/admin?q=x", "/admin?[redacted]"],
      ["/./admin/leads?q=gina", "/./admin/leads?[redacted]"],
      ["/%2e/admin/leads?q=gina", "/%2e/admin/leads?[redacted]"],
      ["/%2E%2E/admin/leads?q=gina", "/%2E%2E/admin/leads?[redacted]"],
      ["/blog/../admin/clients?q=gina", "/blog/../admin/clients?[redacted]"],
      ["//admin/leads?q=gina", "//admin/leads?[redacted]"],
      ["/admin/leads", "/admin/leads"],
      ["/pricing?utm_source=google", "/pricing?utm_source=google"],
      ["/administrators?x=1", "/administrators?x=1"],
      ["http://host/admin/leads?q=gina", "http://host/admin/leads?[redacted]"],
      ["/book?lead=abc.book.0.1.sig", "/book?[redacted]"],
      ["/book/reschedule?token=abc", "/book/reschedule?[redacted]"],
      ["/book/booking.ics?token=abc", "/book/booking.ics?[redacted]"],
      ["/%62ook/cancel?token=abc", "/%62ook/cancel?[redacted]"],
      ["/bookkeeping?x=1", "/bookkeeping?x=1"],
      ["/calendar/bookings/0123456789abcdef.ics", "/calendar/[redacted]"],
      ["/%63alendar/bookings/0123456789abcdef.ics", "/calendar/[redacted]"],
    ];
    for (const [url, expected] of logged) expect(loggedUrl(url), url).toBe(expected);
  });
});

describe("redirect targets", () => {
  it("percent-encodes what a decoded form field carries", () => {
    expect(encodedLocalPath("/你")).toBe("/%E4%BD%A0");
    expect(encodedLocalPath("/pricing¿'")).toBe("/pricing%C2%BF'");
    expect(encodedLocalPath("/pricing?currency=INR#plans")).toBe("/pricing?currency=INR#plans");
    expect(encodedLocalPath("/%E4%BD%A0")).toBe("/%E4%BD%A0");
    for (const outside of [
      "//evil.example",
      "/\\evil.example",
      "https://evil.example",
      "pricing",
      "/..//evil.test",
      "/./..//evil.test/x",
      "/pricing/../..//evil.test",
      "/%2e%2e//evil.test",
    ]) {
      expect(encodedLocalPath(outside), outside).toBeNull();
    }
  });

  it("sends a signed-in user back to an admin page only, as the browser will read it", () => {
    expect(safeAdminRedirect("/admin/leads?q=你")).toBe("/admin/leads?q=%E4%BD%A0");
    for (const elsewhere of ["/admin/../lead", "/admin/%2e%2e/lead", "/admin/login", "//evil.example/admin"]) {
      expect(safeAdminRedirect(elsewhere), elsewhere).toBe("/admin");
    }
  });
});

describe("sign-in slow-down", () => {
  it("starts after a few failures, doubles, and stays capped", () => {
    const { slowAfter, firstDelayMs, maxDelayMs } = SIGN_IN_FAILURES;
    expect(signInDelayMs(slowAfter - 1)).toBe(0);
    expect(signInDelayMs(slowAfter)).toBe(firstDelayMs);
    expect(signInDelayMs(slowAfter + 1)).toBe(firstDelayMs * 2);
    expect(signInDelayMs(1000)).toBe(maxDelayMs);
  });

  it("keys counters by a keyed hash of the address, the same however it is typed", () => {
    expect(addressKey("secret", " Gina@Example.com ")).toBe(addressKey("secret", "gina@example.com"));
    expect(addressKey("other secret", "gina@example.com")).not.toBe(addressKey("secret", "gina@example.com"));
    expect(addressKey("secret", "gina@example.com")).toMatch(/^[0-9a-f]{40}$/);
  });
});

describe("errors of the client's making", () => {
  it("keeps their 4xx status and nothing else", () => {
    expect(clientErrorStatus(Object.assign(new URIError("URI malformed"), { status: 400 }))).toBe(400);
    expect(clientErrorStatus({ statusCode: 413 })).toBe(413);
    expect(clientErrorStatus(new Error("boom"))).toBeNull();
    expect(clientErrorStatus({ status: 503 })).toBeNull();
  });
});
