import { buttonVariants } from "~/components/ui/button-variants";
import { consentBanner as copy } from "~/content/consent";
import { bannerOf, type ConsentVariant, grantOf } from "~/lib/consent";

export const COOKIE_SETTINGS_ID = "cookie-settings";

const choiceButton = buttonVariants({ variant: "default", className: "min-w-32" });

/**
 * The consent banner for one consent state, with no script: a plain form posting to /consent, fixed
 * over the bottom of the screen (so nothing moves when it shows), open on arrival while a choice is
 * missing; afterwards the footer's "Cookie settings" link (#cookie-settings) shows it through CSS's
 * :target with the current choice. Nothing in it but the consent state, so a page can be cached per state.
 */
export function ConsentBanner({ variant }: { variant: ConsentVariant }) {
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
          {copy.title}
        </h2>
        <p className="text-muted-foreground text-sm">
          {copy.intro}{" "}
          <a href={copy.privacyLink.to} className="underline underline-offset-2">
            {copy.privacyLink.label}
          </a>
          .
        </p>
        {banner.globalPrivacyControl ? <p className="text-sm">{copy.globalPrivacyControl}</p> : null}
        <form method="post" action="/consent" className="flex flex-wrap items-start gap-2">
          <button type="submit" name="choice" value="accept" className={choiceButton}>
            {copy.acceptAll}
          </button>
          <button type="submit" name="choice" value="reject" className={choiceButton}>
            {copy.rejectAll}
          </button>
          <details className="basis-full sm:basis-auto sm:open:basis-full">
            <summary className={`${choiceButton} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
              {copy.choose}
            </summary>
            <fieldset className="mt-3 grid gap-2 rounded-md border p-3 text-sm">
              <legend className="px-1 font-medium">{copy.legend}</legend>
              <p>
                <strong>{copy.necessary[0]}</strong>: {copy.necessary[1]}
              </p>
              <ConsentCheckbox name="analytics" label={copy.analytics} checked={!banner.open && grant.analytics} />
              <ConsentCheckbox
                name="marketing"
                label={copy.marketing}
                checked={!banner.open && grant.marketing}
                disabled={banner.globalPrivacyControl}
              />
              <button
                type="submit"
                name="choice"
                value="custom"
                className={buttonVariants({ variant: "outline", className: "justify-self-start" })}
              >
                {copy.save}
              </button>
            </fieldset>
          </details>
          {banner.open ? null : (
            <a href="#main" className={buttonVariants({ variant: "ghost" })}>
              {copy.close}
            </a>
          )}
        </form>
      </div>
    </section>
  );
}

function ConsentCheckbox({
  name,
  label,
  checked,
  disabled,
}: {
  name: string;
  label: string;
  checked: boolean;
  disabled?: boolean;
}) {
  return (
    <label className="flex items-center gap-2">
      <input type="checkbox" name={name} className="size-4" defaultChecked={checked} disabled={disabled} /> {label}
    </label>
  );
}
