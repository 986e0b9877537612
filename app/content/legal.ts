import { brand } from "~/content/brand";
import { generalEmail, indiaOffice, usaOffice } from "~/content/contact";
import type { PageSeo } from "~/lib/seo";

/** The Privacy Policy (/privacy) and Terms of Service (/terms), as headed sections of plain paragraphs. */

export type LegalSection = {
  /** Anchor for the table of contents, unique within the document. */
  id: string;
  heading: string;
  paragraphs: readonly string[];
  /** An optional bulleted list shown after the paragraphs. */
  list?: readonly string[];
};

export type LegalDocument = {
  seo: PageSeo;
  title: string;
  lastUpdated: string;
  intro: string;
  sections: readonly LegalSection[];
};

export const legalCopy = {
  lastUpdatedLabel: "Last updated:",
  contentsTitle: "Contents",
  questions: "Questions about this document?",
  contactLink: "Contact us",
} as const;

const contactEmail = generalEmail.address;
const indiaAddress = indiaOffice.lines.join(", ");
const usaAddress = usaOffice.lines.join(", ");

export const privacyPolicy: LegalDocument = {
  seo: {
    path: "/privacy",
    title: `Privacy Policy | ${brand.name}`,
    description: `How ${brand.name} collects, uses and protects the personal information you share through our website, forms and services.`,
    keywords: ["privacy policy", `${brand.name} privacy`, "data protection", "cookies", "personal information"],
  },
  title: "Privacy Policy",
  lastUpdated: "December 2024",
  intro: `This Privacy Policy explains how ${brand.legalName} ("${brand.name}", "we", "us") collects, uses and protects personal information when you visit our website, submit a form or use our services.`,
  sections: [
    {
      id: "who-we-are",
      heading: "Who we are",
      paragraphs: [
        `${brand.name} is a performance-marketing agency providing paid ads management, conversion tracking setup and marketing automation to businesses in India, USA, Australia, UAE and Canada.`,
        `Our offices are at ${indiaAddress} and ${usaAddress}. For the purposes of data protection law, ${brand.legalName} is responsible for the personal information described in this policy.`,
      ],
    },
    {
      id: "information-we-collect",
      heading: "Information we collect",
      paragraphs: [
        "We collect information you give us directly when you request a strategy call, download a guide, subscribe to our newsletter, use our cost estimator or open a get-started form. Depending on the form, this may include:",
      ],
      list: [
        "Your name, e-mail address and phone number",
        "Your company, website, country and industry",
        "Your advertising budget, goals and any message you write to us",
        "Answers you give in the cost estimator, such as platforms, ad spend and campaign duration",
      ],
    },
    {
      id: "information-collected-automatically",
      heading: "Information collected automatically",
      paragraphs: [
        "When you visit our website we record the page address, the referring page, campaign parameters in the link you followed (such as utm_source, utm_medium and utm_campaign) and basic browser details: browser type, language and operating system.",
        "We use this information to understand which pages and campaigns bring visitors to us and to keep our website secure and working well.",
      ],
    },
    {
      id: "how-we-use-information",
      heading: "How we use your information",
      paragraphs: ["We use the information we collect to:"],
      list: [
        "Respond to your enquiry and contact you about the call, estimate or guide you requested",
        "Prepare proposals and deliver the services you engage us for",
        "Send our newsletter and marketing e-mails if you have subscribed, with an unsubscribe link in every message",
        "Measure and improve our website, content and advertising",
        "Meet our legal, tax and accounting obligations",
      ],
    },
    {
      id: "cookies",
      heading: "Cookies and tracking technologies",
      paragraphs: [
        "Our website may use analytics and advertising technologies, such as Google Analytics and the Meta Pixel, which set cookies or similar identifiers to measure visits and the performance of our own advertising.",
        "You can block or delete cookies in your browser settings and opt out of personalised advertising in your Google and Meta account settings. Our website remains usable without these cookies.",
      ],
    },
    {
      id: "sharing",
      heading: "How we share information",
      paragraphs: [
        "We do not sell your personal information. We share it only with service providers who help us run our business, such as hosting, e-mail and customer relationship management providers, under contracts that require them to protect it and use it only on our instructions.",
        "We may also disclose information when required by law, to protect our rights, or as part of a merger or acquisition of our business, in which case the recipient will be bound by this policy.",
      ],
    },
    {
      id: "international-transfers",
      heading: "International transfers",
      paragraphs: [
        "We operate in several countries, so your information may be processed in India, the USA or other countries where we or our service providers work. Where we transfer information across borders we take steps to ensure it receives an adequate level of protection.",
      ],
    },
    {
      id: "retention",
      heading: "How long we keep information",
      paragraphs: [
        "We keep enquiry and lead information for as long as needed to respond to you and to follow up on a potential engagement, and client information for the length of our contract plus the period required by law. Newsletter subscriptions are kept until you unsubscribe.",
      ],
    },
    {
      id: "security",
      heading: "Security",
      paragraphs: [
        "We use encryption in transit, access controls and regular reviews to protect personal information. No method of transmission or storage is completely secure, but we work to protect your information and will notify you and the authorities of a breach where the law requires.",
      ],
    },
    {
      id: "your-rights",
      heading: "Your rights",
      paragraphs: [
        "Depending on where you live, you may have the right to access the personal information we hold about you, correct it, delete it, object to or restrict how we use it, withdraw your consent and receive a copy of it in a portable format.",
        `To exercise any of these rights, e-mail us at ${contactEmail}. We will respond within the time the applicable law allows. You may also complain to your local data protection authority.`,
      ],
    },
    {
      id: "children",
      heading: "Children's privacy",
      paragraphs: [
        "Our website and services are intended for businesses and are not directed at children. We do not knowingly collect personal information from anyone under 18.",
      ],
    },
    {
      id: "changes",
      heading: "Changes to this policy",
      paragraphs: [
        "We may update this policy from time to time. The date at the top of this page shows when it was last changed, and significant changes will be announced on our website.",
      ],
    },
    {
      id: "contact",
      heading: "Contact us",
      paragraphs: [
        `If you have questions about this policy or how we handle your information, e-mail ${contactEmail} or write to ${brand.legalName}, ${indiaOffice.lines.slice(1).join(", ")}.`,
      ],
    },
  ],
};

export const termsOfService: LegalDocument = {
  seo: {
    path: "/terms",
    title: `Terms of Service | ${brand.name}`,
    description: `The terms that govern ${brand.name}'s paid ads management, conversion tracking and marketing automation services and the use of our website.`,
    keywords: ["terms of service", `${brand.name} terms`, "agency agreement", "cancellation policy", "refund policy"],
  },
  title: "Terms of Service",
  lastUpdated: "December 2024",
  intro: `These Terms of Service ("Terms") govern your use of the ${brand.name} website and the services provided by ${brand.legalName} ("${brand.name}", "we", "us") to you ("you", "the client"). By using our website or engaging our services, you agree to these Terms.`,
  sections: [
    {
      id: "services",
      heading: "Our services",
      paragraphs: [
        "We provide paid advertising management, conversion tracking setup, marketing automation and related consulting. The scope, deliverables and fees for each engagement are set out in your selected plan, proposal or order form, which forms part of these Terms.",
      ],
    },
    {
      id: "client-responsibilities",
      heading: "Your responsibilities",
      paragraphs: ["To allow us to deliver the services, you agree to:"],
      list: [
        "Give us timely access to your ad accounts, website, analytics and other tools we need",
        "Provide accurate information about your business, products and offers",
        "Make sure the products, content and landing pages you supply are lawful and comply with advertising platform policies",
        "Review and approve campaigns, creative and budgets when we ask you to",
      ],
    },
    {
      id: "fees-and-payment",
      heading: "Fees and payment",
      paragraphs: [
        "Monthly management fees are invoiced in advance at the start of each billing period. Where your plan includes a fee based on a percentage of monthly ad spend, it is calculated on the spend managed by us in that period.",
        "One-time setup fees are invoiced before setup work begins. Advertising spend is paid by you directly to the advertising platforms and is not part of our fees.",
        "Invoices are payable by the due date shown on them. Prices exclude applicable taxes, which will be added to your invoice. We may pause services while an invoice is overdue.",
      ],
    },
    {
      id: "refunds",
      heading: "Refunds",
      paragraphs: [
        "Setup fees are non-refundable. Monthly management fees cover the billing period in which they are paid and are not refunded for a partial period, except where a written performance guarantee in your plan or proposal provides otherwise.",
      ],
    },
    {
      id: "results",
      heading: "Advertising results",
      paragraphs: [
        "We apply our expertise to improve your results, but advertising performance depends on factors outside our control, including your products, pricing, website, market conditions and the decisions of advertising platforms. Unless a written guarantee states otherwise, we do not guarantee specific sales, leads or return on ad spend.",
      ],
    },
    {
      id: "intellectual-property",
      heading: "Ownership and intellectual property",
      paragraphs: [
        "You own your ad accounts, data, brand assets and the campaign content we create for you once the related fees are paid. We keep ownership of our own methods, templates, tools and know-how, and may describe the services we provided to you in general terms without disclosing confidential information.",
      ],
    },
    {
      id: "confidentiality",
      heading: "Confidentiality",
      paragraphs: [
        "Each party will keep the other's confidential information private and use it only to perform or receive the services. This obligation continues for two years after the engagement ends.",
      ],
    },
    {
      id: "term-and-termination",
      heading: "Term and termination",
      paragraphs: [
        "Monthly plans renew automatically each billing period. Either party may terminate the services at any time by giving 30 days' written notice. Fees for the notice period remain payable.",
        "Either party may terminate immediately if the other materially breaches these Terms and does not fix the breach within a reasonable time after written notice. On termination we will hand over access to your accounts and any work you have paid for.",
      ],
    },
    {
      id: "limitation-of-liability",
      heading: "Limitation of liability",
      paragraphs: [
        "To the fullest extent permitted by law, our total liability arising out of or relating to the services or these Terms is limited to the total fees you paid to us in the 12 months before the event giving rise to the claim.",
        "We are not liable for indirect or consequential losses, including lost profits, lost revenue or loss of data, or for actions taken by advertising platforms, such as account suspensions or policy decisions.",
      ],
    },
    {
      id: "indemnity",
      heading: "Indemnity",
      paragraphs: [
        "You agree to indemnify us against claims arising from the products, content and offers you supply or from your breach of applicable law or advertising platform policies.",
      ],
    },
    {
      id: "governing-law",
      heading: "Governing law and disputes",
      paragraphs: [
        "These Terms are governed by the laws of India.",
        `Any dispute arising out of or relating to these Terms or the services will be resolved by arbitration under the Arbitration and Conciliation Act, 1996, by a sole arbitrator. The seat and venue of arbitration will be ${indiaOffice.city}, India, and the proceedings will be conducted in English. Subject to arbitration, the courts at ${indiaOffice.city} have exclusive jurisdiction.`,
      ],
    },
    {
      id: "changes",
      heading: "Changes to these terms",
      paragraphs: [
        "We may update these Terms from time to time. The date at the top of this page shows when they were last changed. Changes apply to existing clients from the next billing period after we notify you.",
      ],
    },
    {
      id: "contact",
      heading: "Contact us",
      paragraphs: [
        `Questions about these Terms can be sent to ${contactEmail} or to ${brand.legalName}, ${indiaOffice.lines.slice(1).join(", ")}.`,
      ],
    },
  ],
};
