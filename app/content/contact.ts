import { brand } from "~/content/brand";
import type { PageSeo } from "~/lib/seo";

/** Contact details (offices, phones, e-mails, hours) and the Contact page's copy (/contact). */

export type Office = {
  id: "usa" | "india";
  /** Card heading, e.g. "USA Office". */
  label: string;
  country: string;
  /** Address lines, first to last. */
  lines: readonly string[];
  city: string;
};

export type PhoneLine = {
  region: string;
  /** Shown as written; null shows the "Coming Soon" badge instead. */
  display: string | null;
  /** The tel: target, digits with a leading +. */
  tel: string | null;
};

export type EmailAddress = { label: string; address: string; description: string };
export type BusinessHours = { region: string; days: string; hours: string };
export type Faq = { question: string; answer: string };

export const contactSeo: PageSeo = {
  path: "/contact",
  title: `Contact ${brand.name} | Book a Free Strategy Call`,
  description: `Talk to ${brand.name} about paid ads, conversion tracking and marketing automation. Offices in the USA and India, serving India, USA, Australia, UAE and Canada.`,
  keywords: [
    "contact ScaleLeap",
    "free strategy call",
    "PPC agency contact",
    "marketing agency Bengaluru",
    "paid ads consultation",
    "performance marketing agency USA",
  ],
};

export const contactHero = {
  eyebrow: "Contact us",
  headline: "Let's grow your business together",
  intro:
    "Tell us about your goals and we'll contact you within 24 hours with ideas for your campaigns. Prefer to reach us directly? Our offices, phone and e-mail are below.",
} as const;

export const usaOffice: Office = {
  id: "usa",
  label: "USA Office",
  country: "USA",
  city: "Austin",
  lines: [`${brand.name} Inc.`, "600 Congress Avenue, Suite 1400", "Austin, TX 78701", "United States"],
};

export const indiaOffice: Office = {
  id: "india",
  label: "India Office",
  country: "India",
  city: "Bengaluru",
  lines: [brand.legalName, "4th Floor, 80 Feet Road, Indiranagar", "Bengaluru, Karnataka 560038", "India"],
};

export const offices: readonly Office[] = [usaOffice, indiaOffice];

export const phones: readonly PhoneLine[] = [
  { region: "India", display: "+91 80 4718 2900", tel: "+918047182900" },
  { region: "USA", display: null, tel: null },
  { region: "UAE", display: null, tel: null },
];

export const emailDomain = "scaleleap.example";

export const generalEmail: EmailAddress = {
  label: "General enquiries",
  address: `hello@${emailDomain}`,
  description: "Questions about us or our services",
};
export const salesEmail: EmailAddress = {
  label: "Sales",
  address: `sales@${emailDomain}`,
  description: "New projects, quotes and proposals",
};
export const supportEmail: EmailAddress = {
  label: "Support",
  address: `support@${emailDomain}`,
  description: "Help for existing clients",
};

export const emails: readonly EmailAddress[] = [generalEmail, salesEmail, supportEmail];

export const businessHours: readonly BusinessHours[] = [
  { region: "India", days: "Monday to Saturday", hours: "9:30 AM - 6:30 PM IST" },
  { region: "USA", days: "Monday to Friday", hours: "9:00 AM - 5:00 PM CST" },
  { region: "UAE", days: "Monday to Friday", hours: "9:00 AM - 6:00 PM GST" },
];

export const contactCopy = {
  detailsTitle: "Get in touch",
  detailsDescription: "Reach the team that fits your question, or visit one of our offices.",
  phoneTitle: "Phone",
  comingSoon: "Coming Soon",
  emailTitle: "Email",
  hoursTitle: "Business hours",
  formEyebrow: "Free strategy call",
  formTitle: "Request your free strategy call",
  formDescription: "Share a few details and a senior strategist will contact you within 24 hours.",
  faqTitle: "Frequently asked questions",
  faqDescription: "Quick answers to what prospects ask us most.",
} as const;

export const contactFaqs: readonly Faq[] = [
  {
    question: "How quickly can my campaigns go live?",
    answer:
      "Most campaigns go live within 3-5 business days of kick-off. That covers the account audit, tracking checks, campaign build and your approval of the ads.",
  },
  {
    question: "Which countries do you serve?",
    answer:
      "We serve businesses in five countries: India, USA, Australia, UAE and Canada. Campaigns can target customers anywhere your business sells.",
  },
  {
    question: "What does the conversion tracking setup include?",
    answer:
      "Tracking setup includes Google Analytics 4 and Google Tag Manager configuration, conversion tracking for Google Ads and the Meta Pixel with Conversions API, event tracking for purchases, forms and calls, enhanced conversions, and a test report confirming every conversion records correctly.",
  },
  {
    question: "Can I cancel my plan?",
    answer:
      "Yes. Monthly management plans can be cancelled with 30 days' written notice. There are no long-term lock-ins, and you keep full ownership of your ad accounts and data.",
  },
];
