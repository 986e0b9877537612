import { buttonVariants } from "~/components/ui/button-variants";
import { cx } from "~/lib/cx";

/** The way from a contact section (or an enquiry's thank-you) to picking the call's time. */
export function BookCallLink({
  href = "/book",
  variant = "outline",
  children = "Pick a time for your call",
  className,
}: {
  href?: string;
  variant?: "default" | "outline";
  children?: React.ReactNode;
  className?: string;
}) {
  return (
    <a href={href} data-slot="book-call-link" className={cx(buttonVariants({ variant }), className)}>
      {children}
    </a>
  );
}

/** A contact section's offer to choose the call's time right away, beside its form. */
export function BookCallOffer({ className }: { className?: string }) {
  return (
    <div data-slot="book-call-offer" className={cx("grid gap-3 rounded-lg border bg-background p-4", className)}>
      <p className="font-medium">Prefer to choose the time yourself?</p>
      <p className="text-muted-foreground text-sm">See the open times in your time zone and book your call now.</p>
      <BookCallLink className="justify-self-start" />
    </div>
  );
}
