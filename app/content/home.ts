/** Copy for the home page (/). Claims are fixed marketing copy; nothing here is computed. */
import type { PageSeo } from "~/lib/seo";
import { brand } from "./brand";

export type SectionHeading = {
  eyebrow: string;
  title: string;
  description: string;
};

export type HeroStat = { value: string; label: string };

export type HeroContent = {
  trustBadge: string;
  headline: string;
  subheadline: string;
  valueChips: readonly [string, string, string, string];
  primaryCta: "Book Free Strategy Call";
  secondaryCta: "Download Our PPC Portfolio";
  stats: readonly [HeroStat, HeroStat, HeroStat];
};

export type CoreServiceIcon = "megaphone" | "target" | "workflow";

export type CoreService = {
  title: string;
  href: "/services/paid-ads" | "/services/conversion-tracking" | "/services/automation";
  description: string;
  bullets: readonly [string, string, string];
  icon: CoreServiceIcon;
};

export type AdPlatform = { name: string; use: string };

export type IndustryIcon = "cart" | "laptop" | "building" | "car";

export type Industry = {
  title: string;
  href: "/industries/ecommerce" | "/industries/saas" | "/industries/real-estate" | "/industries/automotive";
  description: string;
  icon: IndustryIcon;
};

export type IntegrationGroup = { category: string; tools: readonly string[] };

export type IntegrationsContent = SectionHeading & { groups: readonly IntegrationGroup[]; note: string };

export type Testimonial = {
  quote: string;
  name: string;
  role: string;
  company: string;
  result: { value: string; label: string };
};

export type ContactSectionContent = {
  eyebrow: string;
  title: string;
  description: string;
  benefits: readonly [string, string, string];
};

export const homeSeo = {
  title: `${brand.name} | Performance Marketing Agency for Paid Ads, Tracking & Automation`,
  description: `${brand.name} manages Google, Meta and LinkedIn ads, sets up accurate conversion tracking and automates your marketing. 500+ campaigns, $10M+ ad spend managed, 3.2x average ROAS. Book a free strategy call.`,
  keywords: [
    "performance marketing agency",
    "PPC agency",
    "paid ads management",
    "Google Ads management",
    "Meta Ads agency",
    "conversion tracking setup",
    "GA4 and GTM setup",
    "marketing automation",
    "ROAS optimization",
    "ecommerce PPC",
    "SaaS lead generation",
    "real estate ads",
    "automotive advertising",
  ],
  path: "/",
} as const satisfies PageSeo;

export const hero = {
  trustBadge: "Trusted by 500+ brands across 5 countries",
  headline: "Turn Your Ad Spend Into Predictable Revenue",
  subheadline: `${brand.name} manages your paid ads, sets up conversion tracking you can trust and automates the follow-up, so every dollar you spend is measured and working for growth.`,
  valueChips: [
    "Data-driven campaigns",
    "Accurate conversion tracking",
    "Automated lead follow-up",
    "Transparent reporting",
  ],
  primaryCta: "Book Free Strategy Call",
  secondaryCta: "Download Our PPC Portfolio",
  stats: [
    { value: "500+", label: "Campaigns Managed" },
    { value: "$10M+", label: "Ad Spend Managed" },
    { value: "3.2x", label: "Average ROAS" },
  ],
} as const satisfies HeroContent;

/** Eyebrow, title and description of each home section that lists cards. */
export const homeSections = {
  services: {
    eyebrow: "What We Do",
    title: "Core Services That Drive Growth",
    description:
      "Three services that work together: campaigns that convert, tracking that proves it and automation that follows up.",
  },
  platforms: {
    eyebrow: "Ad Platforms",
    title: "We Advertise Where Your Customers Are",
    description:
      "Certified specialists run campaigns across 12 major ad platforms, with budgets moved to whatever performs best.",
  },
  industries: {
    eyebrow: "Industries",
    title: "Industries We Specialize In",
    description: "Playbooks built from hundreds of campaigns in the sectors we know best.",
  },
  testimonials: {
    eyebrow: "Client Success Stories",
    title: "Results Our Clients Talk About",
    description: "Rated 4.9 out of 5 by brands in India, USA, Australia, UAE and Canada.",
  },
} as const satisfies Record<string, SectionHeading>;

export const coreServices = [
  {
    title: "Paid Ads Management",
    href: "/services/paid-ads",
    description:
      "Full-funnel campaigns on Google, Meta, LinkedIn and more, optimized every week for return on ad spend.",
    bullets: ["Campaign strategy and setup", "Daily bid and budget optimization", "A/B tested ad creatives"],
    icon: "megaphone",
  },
  {
    title: "Conversion Tracking Setup",
    href: "/services/conversion-tracking",
    description:
      "Know exactly which ads bring sales and leads, with tracking set up correctly from click to conversion.",
    bullets: ["GA4 and Google Tag Manager setup", "Meta Pixel and Conversions API", "Server-side and offline tracking"],
    icon: "target",
  },
  {
    title: "Marketing Automation",
    href: "/services/automation",
    description:
      "Connect your ads, CRM and email so every lead is captured, nurtured and followed up without manual work.",
    bullets: [
      "CRM and lead routing workflows",
      "Email and WhatsApp nurture sequences",
      "Automated reporting dashboards",
    ],
    icon: "workflow",
  },
] as const satisfies readonly CoreService[];

export const adPlatforms = [
  { name: "Google Ads", use: "Capture high-intent search demand" },
  { name: "Meta Ads", use: "Facebook and Instagram reach and retargeting" },
  { name: "LinkedIn Ads", use: "B2B leads by job title and company" },
  { name: "TikTok Ads", use: "Short-form video for younger audiences" },
  { name: "YouTube Ads", use: "Video awareness that drives action" },
  { name: "Microsoft Ads", use: "Bing search at a lower cost per click" },
  { name: "Snapchat Ads", use: "Mobile-first Gen Z engagement" },
  { name: "Pinterest Ads", use: "Product discovery for shoppers" },
  { name: "X Ads", use: "Real-time conversations and trends" },
  { name: "Amazon Ads", use: "Sponsored products at the point of sale" },
  { name: "Reddit Ads", use: "Niche communities with high trust" },
  { name: "Quora Ads", use: "Buyers researching their questions" },
] as const satisfies readonly AdPlatform[];

export const industries = [
  {
    title: "E-commerce",
    href: "/industries/ecommerce",
    description: "Shopping, catalog and retargeting campaigns that grow online revenue at a profitable ROAS.",
    icon: "cart",
  },
  {
    title: "SaaS & IT",
    href: "/industries/saas",
    description: "Demo and trial sign-ups from decision makers, at a customer acquisition cost that scales.",
    icon: "laptop",
  },
  {
    title: "Real Estate",
    href: "/industries/real-estate",
    description: "Qualified buyer and tenant enquiries for projects, listings and site visits.",
    icon: "building",
  },
  {
    title: "Automotive",
    href: "/industries/automotive",
    description: "Test drive bookings and showroom leads for dealerships and service centres.",
    icon: "car",
  },
] as const satisfies readonly Industry[];

export const integrations = {
  eyebrow: "Industry Tool Integrations",
  title: "200+ Integrations With the Tools You Already Use",
  description:
    "We connect your ad platforms to your CRM, store, analytics and automation stack, so data flows both ways.",
  groups: [
    { category: "CRM", tools: ["HubSpot", "Salesforce", "Zoho CRM"] },
    { category: "E-commerce", tools: ["Shopify", "WooCommerce", "Magento"] },
    { category: "Analytics", tools: ["Google Analytics 4", "Google Tag Manager", "Looker Studio"] },
    { category: "Automation", tools: ["Zapier", "Make", "Klaviyo"] },
  ],
  note: "Don't see your tool? We connect 200+ platforms through native connectors, APIs and webhooks.",
} as const satisfies IntegrationsContent;

export const testimonials = [
  {
    quote:
      "They rebuilt our Google Shopping and Meta campaigns from scratch. Within three months our return on ad spend more than doubled, and we finally trust the numbers.",
    name: "Priya Sharma",
    role: "Founder",
    company: "Aura Home Décor",
    result: { value: "4.1x", label: "ROAS within 90 days" },
  },
  {
    quote:
      "Our LinkedIn and search ads now bring demo requests from the right companies. The tracking setup showed us which channels were actually closing deals.",
    name: "Michael Chen",
    role: "Head of Growth",
    company: "CloudStack Solutions",
    result: { value: "-38%", label: "Cost per qualified lead" },
  },
  {
    quote:
      "Site-visit enquiries used to sit in a spreadsheet. Now every lead is routed to our sales team within minutes, and bookings have grown month after month.",
    name: "Ahmed Al Mansoori",
    role: "Marketing Director",
    company: "Skyline Properties",
    result: { value: "+160%", label: "Site visit bookings" },
  },
] as const satisfies readonly [Testimonial, Testimonial, Testimonial];

export const contactSection = {
  eyebrow: "Free Strategy Call",
  title: "Book Your Free Strategy Call",
  description:
    "Tell us about your business and goals. A performance marketing specialist will reply within 24 hours with clear next steps.",
  benefits: [
    "A free review of your current ad accounts and tracking",
    "A growth plan tailored to your industry and budget",
    "No obligation, and a reply within 24 hours",
  ],
} as const satisfies ContactSectionContent;
