import { brand } from "~/content/brand";
import type { PageSeo } from "~/lib/seo";

/** The cost estimator page's copy (/cost-estimator). */

export const estimatorSeo: PageSeo = {
  path: "/cost-estimator",
  title: `Paid Ads Cost Estimator | ${brand.name}`,
  description: `Estimate your paid ads investment in six quick steps: monthly ad spend, ${brand.name}'s management and setup fees, and projected clicks, impressions and conversions, in USD, INR, AED, AUD, CAD or GBP.`,
  keywords: [
    "PPC cost estimator",
    "paid ads cost calculator",
    "Google Ads budget calculator",
    "Meta ads cost estimate",
    "ad management fee",
    "marketing budget planner",
  ],
};

export const estimatorCopy = {
  eyebrow: "Free Cost Estimator",
  title: "Estimate Your Paid Ads Investment",
  intro:
    "Answer six quick questions and get an instant breakdown of your monthly costs, setup fee and projected results.",
  next: "Next",
  previous: "Previous",
  submit: "Generate My Estimate",
  busy: "Generating...",
  resultTitle: "Your Cost Estimate",
  breakdownTitle: "Cost Breakdown",
  projectionsTitle: "Projected Monthly Results",
  setupInDollars: (currency: string) =>
    `Our setup fee is priced in US dollars only, so it is shown in dollars; every other figure is in ${currency}.`,
  contactPromise:
    "Our team will review your answers and contact you within 24 hours with a tailored strategy for your business.",
  bookCall: "Book Your Free Strategy Call",
  bookCallHref: "/#contact-section",
  restart: "Start a New Estimate",
};
