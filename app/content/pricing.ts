export const pricingPage = {
  seo: {
    title: "Pricing | Paid Ads Management Plans & Setup Services | ScaleLeap",
    description:
      "Transparent monthly plans for paid ads management, one-time conversion tracking and automation setup, and ongoing management at 10% of ad spend.",
    keywords: ["ppc pricing", "ads management cost", "google ads agency pricing", "meta ads management plans"],
    path: "/pricing",
  },
  hero: {
    eyebrow: "Pricing",
    title: "Simple plans that grow with you",
    text: "Monthly management plans plus one-time setup services. No long contracts: cancel with 30 days' notice.",
  },
  plansTitle: "Monthly management plans",
  setupTitle: "One-time setup services",
  included: {
    title: "What every plan includes",
    items: [
      "A dedicated strategist who knows your business",
      "Campaign structure, keyword and audience research",
      "Ad copy and creative testing",
      "Conversion tracking checks",
      "Transparent reporting you can read in five minutes",
      "No lock-in: cancel with 30 days' notice",
    ],
  },
  urgency: {
    title: "Winter Special: up to 25% off setup services",
    text: "Book your strategy call this winter and lock in discounted setup for conversion tracking and automation.",
  },
  guarantee: {
    title: "60-day performance guarantee",
    text: "If your campaigns don't show measurable improvement within 60 days, we keep working for free until they do. Most clients see results in 2-4 weeks.",
  },
} as const;
