// Run as a child process by bench/ads.ts: the local ad-platform receivers (HTTPS, checking each
// request field by field), in a process of their own so that their work does not take CPU from the
// captures measured in the bench's process. Answers the bench's questions over IPC.
import { startAdPlatformReceiver } from "../tests/support/ad-platform-receiver";

export type ReceiverAsk =
  | { op: "force-hang"; route: "google" }
  | { op: "expect"; keys: Record<"google" | "meta" | "linkedin", string[]> }
  | { op: "stats" };
type ReceiverQuestion = ReceiverAsk & { id: number };

export type ReceiverStats = {
  /** Distinct conversions counted by the platforms' ids, all three together. */
  counted: number;
  /** Of the keys last given by `expect`, how many have not been counted. */
  missing: number;
  /** Events received in all, repeats included. */
  events: number;
  googleRequests: number;
  /** Events in the last Google request received. */
  lastGoogleEvents: number;
};

const receiver = await startAdPlatformReceiver({
  publicKey: process.env.AD_BENCH_PUBLIC_KEY ?? "",
  clientEmail: process.env.AD_BENCH_CLIENT_EMAIL ?? "",
});
let expected: Record<"google" | "meta" | "linkedin", string[]> = { google: [], meta: [], linkedin: [] };

function stats(): ReceiverStats {
  const { google, meta, linkedin } = receiver.counted;
  let missing = 0;
  for (const platform of ["google", "meta", "linkedin"] as const) {
    for (const key of expected[platform]) if (!receiver.counted[platform].has(key)) missing++;
  }
  let events = 0;
  let googleRequests = 0;
  let lastGoogleEvents = 0;
  for (const request of receiver.received) {
    const json = request.json as { events?: unknown[]; data?: unknown[]; elements?: unknown[] } | null;
    events += json?.events?.length ?? json?.data?.length ?? json?.elements?.length ?? 0;
    if (request.route === "google") {
      googleRequests++;
      lastGoogleEvents = json?.events?.length ?? 0;
    }
  }
  return { counted: google.size + meta.size + linkedin.size, missing, events, googleRequests, lastGoogleEvents };
}

process.on("message", (question: ReceiverQuestion) => {
  if (question.op === "force-hang") receiver.force(question.route, "hang");
  if (question.op === "expect") expected = question.keys;
  process.send?.({ id: question.id, stats: stats() });
});
process.on("disconnect", () => {
  void receiver.close().then(() => process.exit(0));
});
process.send?.({ ready: { url: receiver.url, certFile: receiver.certFile } });
