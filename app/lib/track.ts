/** Sends a first-party analytics event; failures are only logged, never shown. */
export function track(eventType: string, properties?: Record<string, unknown>) {
  try {
    const body = JSON.stringify({ event_type: eventType, page_url: window.location.href, properties });
    if (!navigator.sendBeacon?.("/api/events", new Blob([body], { type: "application/json" }))) {
      void fetch("/api/events", {
        method: "POST",
        body,
        keepalive: true,
        headers: { "content-type": "application/json" },
      });
    }
  } catch (error) {
    console.warn("tracking failed", error);
  }
}
