/** The consent banner's words. */
export const consentBanner = {
  title: "Cookie settings",
  intro:
    "Necessary cookies keep the site working. With your consent we also use analytics cookies (Google Analytics) to see how the site is used, and marketing cookies (Google Ads, Meta) to measure our advertising. You can change your choice at any time under Cookie settings at the bottom of every page. See our",
  privacyLink: { label: "privacy policy", to: "/privacy" },
  globalPrivacyControl: "Your browser sends Global Privacy Control, so marketing cookies stay off.",
  acceptAll: "Accept all",
  rejectAll: "Reject all",
  choose: "Choose",
  legend: "Cookies to allow",
  necessary: ["Necessary", "always on; the site needs them to work."],
  analytics: "Analytics",
  marketing: "Marketing",
  save: "Save choices",
  close: "Close",
} as const;
