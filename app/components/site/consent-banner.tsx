import { useLocation } from "react-router";
import { buttonVariants } from "~/components/ui/button-variants";
import { bannerOf, type ConsentVariant, grantOf } from "~/lib/consent";

export const COOKIE_SETTINGS_ID = "cookie-settings";

const choiceButton = buttonVariants({ variant: "default", className: "min-w-32" });

/**
 * The consent banner: a plain form posting to /consent, so it works without JavaScript and costs the
 * page almost none. Fixed over the bottom of the screen, so nothing moves when it shows. Open on
 * arrival while a choice is missing; afterwards the footer's "Cookie settings" link (#cookie-settings)
 * reopens it with the current choice. Everything here is a function of the consent state alone.
 */
export function ConsentBanner({ variant }: { variant: ConsentVariant }) {
  const { pathname, search } = useLocation();
  const banner = bannerOf(variant);
  if (!banner.enabled) return null;
  const grant = grantOf(variant);
  return (
    <section
      id={COOKIE_SETTINGS_ID}
      data-slot="consent-banner"
      data-open={banner.open}
      aria-labelledby="cookie-settings-title"
      tabIndex={-1}
      className="fixed inset-x-0 bottom-0 z-40 hidden max-h-[80vh] overflow-y-auto border-t bg-background shadow-[0_-4px_16px_rgb(0_0_0/0.12)] outline-none target:block data-[open=true]:block"
    >
      <div className="mx-auto grid max-w-5xl gap-3 px-4 py-4 sm:px-6">
        <h2 id="cookie-settings-title" className="font-semibold text-lg">
          Cookie settings
        </h2>
        <p className="text-muted-foreground text-sm">
          Necessary cookies keep the site working. With your consent we also use analytics cookies (Google Analytics) to
          see how the site is used, and marketing cookies (Google Ads, Meta) to measure our advertising. You can change
          your choice at any time under Cookie settings at the bottom of every page. See our{" "}
          <a href="/privacy" className="underline underline-offset-2">
            privacy policy
          </a>
          .
        </p>
        {banner.globalPrivacyControl ? (
          <p className="text-sm">Your browser sends Global Privacy Control, so marketing cookies stay off.</p>
        ) : null}
        <form method="post" action="/consent" className="flex flex-wrap items-start gap-2">
          <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
          <button type="submit" name="choice" value="accept" className={choiceButton}>
            Accept all
          </button>
          <button type="submit" name="choice" value="reject" className={choiceButton}>
            Reject all
          </button>
          <details className="group basis-full sm:basis-auto">
            <summary className={`${choiceButton} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
              Choose
            </summary>
            <fieldset className="mt-3 grid gap-2 rounded-md border p-3 text-sm">
              <legend className="px-1 font-medium">Cookies to allow</legend>
              <p>
                <strong>Necessary</strong>: always on; the site needs them to work.
              </p>
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  name="analytics"
                  defaultChecked={!banner.open && grant.analytics}
                  className="size-4"
                />
                Analytics
              </label>
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  name="marketing"
                  defaultChecked={!banner.open && grant.marketing}
                  disabled={banner.globalPrivacyControl}
                  className="size-4"
                />
                Marketing
              </label>
              <button
                type="submit"
                name="choice"
                value="custom"
                className={buttonVariants({ variant: "outline", className: "justify-self-start" })}
              >
                Save choices
              </button>
            </fieldset>
          </details>
          {banner.open ? null : (
            <a href="#main" className={buttonVariants({ variant: "ghost" })}>
              Close
            </a>
          )}
        </form>
      </div>
    </section>
  );
}

/** The footer's way back to the banner; without JavaScript too (the banner shows as the link's target). */
export function CookieSettingsLink({ variant, className }: { variant: ConsentVariant; className?: string }) {
  if (!bannerOf(variant).enabled) return null;
  return (
    <a href={`#${COOKIE_SETTINGS_ID}`} className={className}>
      Cookie settings
    </a>
  );
}
