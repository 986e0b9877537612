/** Navigation, promotion and footer copy shared by every public page. */

export type NavLink = { label: string; to: string };
export type NavGroup = { label: string; items: NavLink[] };

export const serviceLinks: NavLink[] = [
  { label: "Paid Ads Management", to: "/services/paid-ads" },
  { label: "Conversion Tracking", to: "/services/conversion-tracking" },
  { label: "Marketing Automation", to: "/services/automation" },
];

export const industryLinks: NavLink[] = [
  { label: "E-commerce", to: "/industries/ecommerce" },
  { label: "SaaS & IT", to: "/industries/saas" },
  { label: "Real Estate", to: "/industries/real-estate" },
  { label: "Automotive", to: "/industries/automotive" },
];

export const legalLinks: NavLink[] = [
  { label: "Privacy Policy", to: "/privacy" },
  { label: "Terms of Service", to: "/terms" },
  { label: "Sitemap", to: "/sitemap" },
];

export const mainNav: (NavLink | NavGroup)[] = [
  { label: "Services", items: serviceLinks },
  { label: "Industries", items: industryLinks },
  { label: "Pricing", to: "/pricing" },
  { label: "Cost Estimator", to: "/cost-estimator" },
  { label: "About", to: "/about" },
  { label: "Blog", to: "/blog" },
  { label: "Contact", to: "/contact" },
];

export function isNavGroup(item: NavLink | NavGroup): item is NavGroup {
  return "items" in item;
}

/** The pages the header links to directly, beside its two menus. */
export const pageLinks = mainNav.filter((item): item is NavLink => !isNavGroup(item));

export const winterPromo = {
  label: "Winter Special",
  text: "Up to 25% off setup services this winter.",
  cta: "Claim your discount",
  to: "/pricing",
};

/** The agency's headline figures, as the footer and the paid ads page word them. */
export const campaignsManaged = { value: "500+", label: "Campaigns managed" };
export const adSpendManaged = { value: "$10M+", label: "Ad spend managed" };

export const footer = {
  cta: {
    title: "Ready to Scale Your Business?",
    text: "Get a free strategy call and a plan to grow your revenue with paid ads that pay for themselves.",
    primary: "Book Free Strategy Call",
    secondary: "View Pricing Plans",
  },
  claims: [campaignsManaged, adSpendManaged],
  globalPresence: ["India", "USA", "Australia", "UAE", "Canada"],
  links: [...legalLinks, { label: "Contact", to: "/contact" }],
};
