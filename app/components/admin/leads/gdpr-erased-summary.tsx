import type { ErasedData } from "~/lib/types/leads";

/** What an erasure deleted, counted per kind, and the client records it kept. */
export function GdprErasedSummary({ erased }: { erased: ErasedData & { email: string } }) {
  return (
    <div className="rounded-md border p-4 text-sm" role="status" data-testid="gdpr-erased">
      <p className="font-medium">Erased the data of {erased.email}:</p>
      <ul className="mt-2 list-disc pl-5">
        <li>{erased.leads} lead(s)</li>
        <li>{erased.formSubmissions} form submission(s)</li>
        <li>{erased.notes} note(s)</li>
        <li>{erased.statusChanges} status change(s)</li>
        <li>{erased.calls} booked call(s)</li>
        <li>{erased.analyticsEvents} analytics event(s)</li>
        <li>{erased.emails} e-mail(s)</li>
        <li>{erased.rateLimitCounters} rate-limit counter(s)</li>
        <li>{erased.signInRefusals} refused sign-in(s) in the audit log</li>
        <li>{erased.webhookEvents} webhook event(s)</li>
      </ul>
      {erased.clientsKept > 0 ? (
        <p className="mt-2">
          {erased.clientsKept} client record(s) with this address were kept: edit them in Clients if the request covers
          them.
        </p>
      ) : null}
    </div>
  );
}
