import { buttonVariants } from "~/components/ui/button-variants";
import { cx } from "~/lib/cx";

/** A link to picking the call's time. */
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
