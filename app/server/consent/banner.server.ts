import { buttonVariants } from "~/components/ui/button-variants";
import { bannerOf, type ConsentVariant, grantOf } from "~/lib/consent";

export const COOKIE_SETTINGS_ID = "cookie-settings";

const choiceButton = buttonVariants({ variant: "default", className: "min-w-32" });
const checked = (on: boolean) => (on ? " checked" : "");

/**
 * The consent banner's markup for one consent state, built on the server and put at the end of the
 * document's body outside React (see entry.server): the banner costs the browser no JavaScript at all. A plain form posting to /consent
 * (so it works without JavaScript), fixed over the bottom of the screen (so nothing moves when it
 * shows), open on arrival while a choice is missing; afterwards the footer's "Cookie settings" link
 * (#cookie-settings) shows it with the current choice. Nothing in it but the consent state, so a page
 * can be cached per state.
 */
export function consentBannerHtml(variant: ConsentVariant) {
  const banner = bannerOf(variant);
  if (!banner.enabled) return null;
  const grant = grantOf(variant);
  return `<section id="${COOKIE_SETTINGS_ID}" data-slot="consent-banner" data-open="${banner.open}" aria-labelledby="cookie-settings-title" tabindex="-1" class="fixed inset-x-0 bottom-0 z-40 hidden max-h-[80vh] overflow-y-auto border-t bg-background shadow-[0_-4px_16px_rgb(0_0_0/0.12)] outline-none target:block data-[open=true]:block">
<div class="mx-auto grid max-w-5xl gap-3 px-4 py-4 sm:px-6">
<h2 id="cookie-settings-title" class="font-semibold text-lg">Cookie settings</h2>
<p class="text-muted-foreground text-sm">Necessary cookies keep the site working. With your consent we also use analytics cookies (Google Analytics) to see how the site is used, and marketing cookies (Google Ads, Meta) to measure our advertising. You can change your choice at any time under Cookie settings at the bottom of every page. See our <a href="/privacy" class="underline underline-offset-2">privacy policy</a>.</p>
${banner.globalPrivacyControl ? '<p class="text-sm">Your browser sends Global Privacy Control, so marketing cookies stay off.</p>' : ""}
<form method="post" action="/consent" class="flex flex-wrap items-start gap-2">
<button type="submit" name="choice" value="accept" class="${choiceButton}">Accept all</button>
<button type="submit" name="choice" value="reject" class="${choiceButton}">Reject all</button>
<details class="basis-full sm:basis-auto">
<summary class="${choiceButton} cursor-pointer list-none [&::-webkit-details-marker]:hidden">Choose</summary>
<fieldset class="mt-3 grid gap-2 rounded-md border p-3 text-sm">
<legend class="px-1 font-medium">Cookies to allow</legend>
<p><strong>Necessary</strong>: always on; the site needs them to work.</p>
<label class="flex items-center gap-2"><input type="checkbox" name="analytics" class="size-4"${checked(!banner.open && grant.analytics)}> Analytics</label>
<label class="flex items-center gap-2"><input type="checkbox" name="marketing" class="size-4"${checked(!banner.open && grant.marketing)}${banner.globalPrivacyControl ? " disabled" : ""}> Marketing</label>
<button type="submit" name="choice" value="custom" class="${buttonVariants({ variant: "outline", className: "justify-self-start" })}">Save choices</button>
</fieldset>
</details>
${banner.open ? "" : `<a href="#main" class="${buttonVariants({ variant: "ghost" })}">Close</a>`}
</form>
</div>
</section>`;
}
