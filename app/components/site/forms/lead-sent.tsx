import { Link } from "react-router";
import { BookCallLink } from "~/components/site/booking/book-call-link";
import { CircleCheck } from "~/components/site/icons/circle-check";
import { DownloadIcon } from "~/components/site/icons/download-icon";
import { buttonVariants } from "~/components/ui/button-variants";

/** A visitor form's success as a page (without JavaScript): its words, the guide's download, what follows. */
export function LeadSent({
  title,
  description,
  downloadUrl,
  redirectUrl,
  bookingUrl,
}: {
  title: string;
  description: string;
  downloadUrl?: string | null;
  redirectUrl?: string | null;
  /** Where the sender picks the call's time (an enquiry's own link, or /book with its cookie). */
  bookingUrl?: string | null;
}) {
  return (
    <main className="mx-auto max-w-xl px-4 py-20 text-center">
      <CircleCheck className="mx-auto size-12 text-primary" aria-hidden />
      <h1 className="mt-4 font-bold text-3xl">{title}</h1>
      <p className="mt-3 text-lg text-muted-foreground">{description}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {bookingUrl ? <BookCallLink href={bookingUrl} variant="default" /> : null}
        {downloadUrl ? (
          <a href={downloadUrl} download className={buttonVariants()}>
            <DownloadIcon aria-hidden /> Download the guide
          </a>
        ) : null}
        {redirectUrl ? (
          <a href={redirectUrl} className={buttonVariants()}>
            Continue
          </a>
        ) : null}
        <Link to="/" className={buttonVariants({ variant: "outline" })}>
          Back to the home page
        </Link>
      </div>
    </main>
  );
}
