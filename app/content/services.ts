import { adSpendManaged, campaignsManaged } from "./site";

export const paidAdsPage = {
  seo: {
    title: "Paid Ads Management | Google, Meta & LinkedIn Ads | ScaleLeap",
    description:
      "Expert paid ads management across Google, Meta, LinkedIn and 9 more platforms. Plans starting from a fixed monthly fee, with a 60-day performance guarantee.",
    keywords: ["paid ads management", "ppc agency", "google ads management", "meta ads agency", "linkedin ads"],
    path: "/services/paid-ads",
  },
  hero: {
    eyebrow: "Paid Ads Management",
    title: "Paid ads that pay for themselves",
    text: "Search, social and video campaigns built around your revenue, not vanity metrics, and optimised every week.",
  },
  bannerPrefix: "Management plans starting from",
  plansTitle: "Choose your management plan",
  setupTitle: "Add a setup service",
  socialProof: [campaignsManaged, adSpendManaged, { value: "3.2x", label: "Average ROAS" }],
  winterCta: {
    title: "Winter Special is on",
    text: "Save on setup services when you start this winter. Spots are limited each month.",
    primary: "Claim Your Discount",
    secondary: "Schedule Strategy Call",
  },
} as const;

export const setupServicePages = {
  "conversion-tracking": {
    planType: "conversion_tracking",
    seo: {
      title: "Conversion Tracking Setup | GA4, GTM, Meta CAPI | ScaleLeap",
      description:
        "One-time conversion tracking setup: Google Tag Manager, GA4, Meta Pixel and Conversions API, enhanced conversions and CRM imports, with 30 days of support.",
      keywords: ["conversion tracking setup", "ga4 setup", "google tag manager", "meta conversions api"],
      path: "/services/conversion-tracking",
    },
    hero: {
      eyebrow: "Conversion Tracking Setup",
      title: "Measure every lead and every sale",
      text: "Without accurate tracking, ad platforms optimise for the wrong thing. We set it up right, once, in 1-2 weeks.",
    },
    included: [
      "Audit of your current tags and conversions",
      "Google Tag Manager container, built and documented",
      "GA4 with e-commerce or lead events",
      "Meta Pixel and Conversions API, deduplicated",
      "Enhanced conversions and offline conversion imports",
      "30 days of support after launch",
    ],
    steps: ["Audit", "Tracking plan", "Implementation", "Testing and handover"],
  },
  automation: {
    planType: "automation",
    seo: {
      title: "Marketing Automation Setup | CRM, Nurture & Lead Routing | ScaleLeap",
      description:
        "One-time marketing automation setup: CRM integration, lead routing, e-mail and WhatsApp nurture sequences and automated reporting, live in about 2 weeks.",
      keywords: ["marketing automation", "crm integration", "lead nurturing", "hubspot setup", "zapier"],
      path: "/services/automation",
    },
    hero: {
      eyebrow: "Marketing Automation",
      title: "Follow up with every lead, automatically",
      text: "Route leads to the right person in seconds and nurture the rest until they are ready to buy. Live in about 2 weeks.",
    },
    included: [
      "CRM integration with your ad platforms and website",
      "Instant lead routing and sales notifications",
      "E-mail and WhatsApp nurture sequences",
      "Lead scoring",
      "Automated weekly reporting",
      "30 days of support after launch",
    ],
    steps: ["Discovery", "Workflow design", "Build and integrate", "Launch and optimise"],
  },
} as const;

export type SetupServiceSlug = keyof typeof setupServicePages;
