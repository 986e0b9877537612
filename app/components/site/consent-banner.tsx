/**
 * The consent banner, as the server built it for this page's consent state (see consentBannerHtml):
 * static markup, so React neither ships nor hydrates it.
 */
export function ConsentBanner({ html }: { html: string | null }) {
  if (!html) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own static markup, with nothing from a visitor in it.
  return <div data-slot="consent-banner-root" dangerouslySetInnerHTML={{ __html: html }} suppressHydrationWarning />;
}
