import type { IconName } from "~/components/site/sections/icon";
import { brand } from "~/content/brand";
import type { PageSeo } from "~/lib/seo";

/** Copy for the About page (/about). */

export type AboutStat = { value: string; label: string };
export type AboutValue = { icon: IconName; title: string; text: string };
export type TeamMember = { name: string; role: string; bio: string };
export type Certification = { icon: IconName; title: string; text: string };

export const aboutSeo: PageSeo = {
  path: "/about",
  title: `About ${brand.name} | Performance Marketing Agency Since ${brand.founded}`,
  description: `${brand.name} has managed paid ads, conversion tracking and marketing automation since ${brand.founded}: 500+ campaigns, $10M+ ad spend and clients in India, USA, Australia, UAE and Canada.`,
  keywords: [
    "performance marketing agency",
    "about ScaleLeap",
    "PPC agency India",
    "Google Partner agency",
    "Meta Business Partner",
    "paid ads experts",
  ],
};

export const aboutHero = {
  eyebrow: `About ${brand.name}`,
  headline: "We treat your ad budget like our own",
  intro:
    "A team of paid media specialists, tracking engineers and automation builders helping ambitious businesses grow with advertising that pays for itself.",
} as const;

export const aboutStory = {
  title: "Our story",
  paragraphs: [
    `${brand.name} was founded in ${brand.founded} by performance marketers who were tired of agencies reporting clicks and impressions while clients asked about revenue. We set out to build an agency that measures itself on the results that matter to a business owner: sales, qualified leads and profit.`,
    "We started with a handful of e-commerce brands in Bengaluru. Today we manage campaigns for e-commerce, SaaS, real estate and automotive businesses across five countries: India, USA, Australia, UAE and Canada.",
    "Every engagement still starts the same way: accurate conversion tracking first, then campaigns built on that data, then automation that turns more of your leads into customers.",
  ],
} as const;

export const aboutStatsTitle = "ScaleLeap in numbers";

/** Static marketing claims; the wording and figures are the product's. */
export const aboutStats: readonly AboutStat[] = [
  { value: "500+", label: "Campaigns launched" },
  { value: "$10M+", label: "Ad spend managed" },
  { value: "5", label: "Countries served" },
  { value: "4.9/5", label: "Client rating" },
];

export const aboutValuesSection = {
  eyebrow: "What we stand for",
  title: "Our values",
  description: "The principles behind every campaign we run and every report we send.",
} as const;

export const aboutValues: readonly AboutValue[] = [
  {
    icon: "eye",
    title: "Transparency",
    text: "You own your ad accounts and data, see every rupee and dollar spent, and get reports written in plain language.",
  },
  {
    icon: "target",
    title: "Results over activity",
    text: "We judge our work by revenue, qualified leads and return on ad spend, never by how busy we look.",
  },
  {
    icon: "handshake",
    title: "Partnership",
    text: "We work as an extension of your team, with a dedicated specialist who knows your business and answers within a day.",
  },
  {
    icon: "graduation-cap",
    title: "Continuous learning",
    text: "Ad platforms change every month. We test, certify and share what we learn so your campaigns stay ahead.",
  },
];

export const aboutTeamSection = {
  eyebrow: "The people behind your campaigns",
  title: "Meet our leadership team",
  description: "Specialists in paid media, analytics and automation with decades of combined experience.",
} as const;

export const aboutTeam: readonly TeamMember[] = [
  {
    name: "Arjun Mehta",
    role: "Founder & CEO",
    bio: "Ran paid media for high-growth e-commerce brands before founding ScaleLeap in 2018. Leads strategy for our largest accounts.",
  },
  {
    name: "Sarah Collins",
    role: "Head of Paid Media",
    bio: "Twelve years managing Google, Meta and LinkedIn budgets for SaaS and B2B companies across North America.",
  },
  {
    name: "Priya Raman",
    role: "Director of Analytics & Tracking",
    bio: "Builds the conversion tracking, server-side tagging and reporting that every ScaleLeap campaign relies on.",
  },
  {
    name: "Omar Haddad",
    role: "Head of Marketing Automation",
    bio: "Designs the CRM workflows and nurture sequences that turn leads into customers for our real estate and automotive clients.",
  },
];

export const aboutCertificationsSection = {
  eyebrow: "Recognition",
  title: "Certifications and awards",
  description: "Independent recognition of the standards we hold ourselves to.",
} as const;

export const aboutCertifications: readonly Certification[] = [
  {
    icon: "badge-check",
    title: "Google Partner",
    text: "Certified in Search, Shopping, Display and Performance Max, meeting Google's performance and spend requirements.",
  },
  {
    icon: "badge-check",
    title: "Meta Business Partner",
    text: "Recognised by Meta for expertise in Facebook and Instagram advertising and the Conversions API.",
  },
  {
    icon: "award",
    title: "Industry Awards",
    text: "Recognised in regional digital marketing awards for e-commerce growth and lead generation campaigns.",
  },
];

export const aboutCta = {
  title: "Let's talk about your growth",
  text: "Book a free consultation with a senior strategist. We will review your current campaigns and tracking and show you where the quickest wins are.",
  label: "Book a Free Consultation",
  href: "/#contact-section",
} as const;
