import { brand } from "~/content/brand";

/** What a fresh install starts with. Prices in INR are the USD price at about ₹75/$, rounded to a …999 price point. */

export const seedForms = [
  { name: "Contact Form", description: "Free strategy call requests from the contact section.", form_type: "contact" },
  { name: "PDF Download Form", description: "Visitors who downloaded the PPC strategies guide.", form_type: "lead" },
  { name: "Newsletter Signup", description: "Newsletter subscribers.", form_type: "newsletter" },
  { name: "Cost Estimator", description: "Visitors who generated a cost estimate.", form_type: "quote" },
] as const;

export const seedPlans = [
  {
    plan_type: "paid_ads",
    title: "Starter",
    subtitle: "For businesses starting with paid ads",
    description: "Launch and manage your first campaigns with expert setup and monthly optimisation.",
    price_usd: 199,
    price_inr: 14999,
    original_price_usd: null,
    original_price_inr: null,
    features: [
      "Up to 3 campaigns",
      "Google or Meta ads management",
      "Keyword and audience research",
      "Monthly performance report",
      "Email support",
    ],
    is_popular: false,
    cta_text: "Get Started",
  },
  {
    plan_type: "paid_ads",
    title: "Growth",
    subtitle: "For businesses ready to scale",
    description: "Multi-platform campaigns with weekly optimisation and conversion tracking.",
    price_usd: 699,
    price_inr: 49999,
    original_price_usd: null,
    original_price_inr: null,
    features: [
      "Up to 10 campaigns",
      "Google, Meta and LinkedIn ads",
      "Conversion tracking included",
      "A/B testing of ads and audiences",
      "Weekly optimisation and bi-weekly reports",
      "Dedicated account manager",
    ],
    is_popular: true,
    cta_text: "Get Started",
  },
  {
    plan_type: "paid_ads",
    title: "Scale",
    subtitle: "For high-spend advertisers",
    description: "Full-funnel management across every platform with daily optimisation.",
    price_usd: 1549,
    price_inr: 114999,
    original_price_usd: null,
    original_price_inr: null,
    features: [
      "Up to 30 campaigns",
      "All 12 ad platforms",
      "Advanced attribution and server-side tracking",
      "Creative testing programme",
      "Daily optimisation and live dashboard",
      "Priority support with a senior strategist",
    ],
    is_popular: false,
    cta_text: "Get Started",
  },
  {
    plan_type: "conversion_tracking",
    title: "Conversion Tracking Setup",
    subtitle: "One-time setup, 1-2 weeks",
    description: "Accurate tracking across your site, ads and CRM so every rupee and dollar is measured.",
    price_usd: 974,
    price_inr: 72999,
    original_price_usd: 1299,
    original_price_inr: 97499,
    features: [
      "Google Tag Manager and GA4 setup",
      "Meta Pixel and Conversions API",
      "Enhanced conversions and offline imports",
      "Cross-domain and e-commerce tracking",
      "30 days of support",
    ],
    is_popular: false,
    cta_text: "Get Started",
  },
  {
    plan_type: "automation",
    title: "Marketing Automation Setup",
    subtitle: "One-time setup, about 2 weeks",
    description: "Lead routing, nurture sequences and CRM integration that follow up while you sleep.",
    price_usd: 1274,
    price_inr: 94999,
    original_price_usd: 1699,
    original_price_inr: 127499,
    features: [
      "CRM integration and lead routing",
      "Email and WhatsApp nurture sequences",
      "Lead scoring",
      "Automated reporting",
      "30 days of support",
    ],
    is_popular: false,
    cta_text: "Get Started",
  },
] as const;

export const seedPricingContent = [
  {
    section_key: "ongoing_management",
    title: "Ongoing Campaign Management",
    content: {
      title: "Ongoing Campaign Management",
      percentage: 10,
      description:
        "After setup, we manage and optimise your campaigns for 10% of your monthly ad spend. No hidden fees, cancel with 30 days' notice.",
      examples: [
        { spend_usd: 2000, fee_usd: 200 },
        { spend_usd: 5000, fee_usd: 500 },
        { spend_usd: 10000, fee_usd: 1000 },
      ],
    },
  },
  {
    section_key: "faq",
    title: "Frequently Asked Questions",
    content: {
      title: "Frequently Asked Questions",
      questions: [
        {
          question: "How quickly will my campaigns go live?",
          answer: "Most campaigns are live within 3-5 business days of onboarding.",
        },
        {
          question: "Is the ad spend included in the plan price?",
          answer: "No. Plans cover management; your ad spend is paid directly to the ad platforms.",
        },
        {
          question: "When will I see results?",
          answer: "Most clients see measurable results in 2-4 weeks, backed by our 60-day performance guarantee.",
        },
        {
          question: "Can I cancel at any time?",
          answer: "Yes, with 30 days' notice. One-time setup fees are non-refundable.",
        },
      ],
    },
  },
] as const;

export const seedSettings: Record<string, unknown> = {
  site_title: brand.name,
  site_meta_description: `${brand.name} is a performance-marketing agency for e-commerce, SaaS, real estate and automotive brands: paid ads, conversion tracking and marketing automation.`,
};

export const seedBlogPosts = [
  {
    slug: "google-ads-bidding-strategies-2024",
    title: "Smart Bidding in 2024: Which Google Ads Strategy Fits Your Goals",
    category: "Google Ads",
    author_name: "Priya Sharma",
    published_at: "2024-11-28T09:00:00.000Z",
    excerpt:
      "Target CPA, target ROAS or maximise conversions? How to choose a bidding strategy for your data volume and margins.",
    tags: ["google ads", "bidding", "ppc"],
    content: `Choosing a bidding strategy is one of the highest-leverage decisions in a Google Ads account.

## Start from your conversion volume

Smart Bidding learns from conversions. With fewer than 30 conversions a month per campaign, **Maximise Conversions** with a sensible budget is usually the safer start.

## Move to targets once the data is there

- **Target CPA** when every lead is worth about the same.
- **Target ROAS** when order values vary and you track revenue.

## Give changes time

Change targets by 10-15% at a time and wait two weeks before judging the result.`,
  },
  {
    slug: "meta-ads-creative-testing",
    title: "A Creative Testing Framework for Meta Ads That Scales",
    category: "Meta Ads",
    author_name: "Daniel Brooks",
    published_at: "2024-11-20T09:00:00.000Z",
    excerpt: "Creative is the biggest lever left on Meta. Here is the testing rhythm we use across 500+ campaigns.",
    tags: ["meta ads", "creative", "testing"],
    content: `Audience targeting on Meta is increasingly automated, so **creative is your targeting**.

## Test concepts, not colours

Each test should compare different ideas: a testimonial, a demo, a founder story. Small tweaks come later.

## A weekly rhythm

1. Launch three new concepts every week.
2. Judge them on cost per result after 3-5 days.
3. Move winners into your scaling campaign.

## Keep a library

Record every test with its hypothesis and result so the team learns, not just the algorithm.`,
  },
  {
    slug: "conversion-tracking-checklist",
    title: "The Conversion Tracking Checklist Every Advertiser Needs",
    category: "Analytics",
    author_name: "Aisha Khan",
    published_at: "2024-11-12T09:00:00.000Z",
    excerpt: "Broken tracking quietly wastes budget. Use this checklist to make sure every conversion is counted once.",
    tags: ["tracking", "ga4", "analytics"],
    content: `Bad data leads to bad bidding. Before you scale, check the basics.

## The checklist

- One GA4 property and one tag manager container per site.
- Primary conversions marked as such in Google Ads; everything else secondary.
- Meta Pixel **and** Conversions API, deduplicated by event id.
- Thank-you pages that cannot be reached without converting.
- Offline conversions imported from your CRM weekly.

## Test it

Submit a real lead and follow it through every platform before you spend a rupee or a dollar more.`,
  },
  {
    slug: "marketing-automation-for-lead-follow-up",
    title: "Speed to Lead: Automating Follow-Up Without Losing the Personal Touch",
    category: "Automation",
    author_name: "Rahul Mehta",
    published_at: "2024-11-04T09:00:00.000Z",
    excerpt:
      "Leads contacted within five minutes convert far better. How to automate the first touch and keep it human.",
    tags: ["automation", "crm", "leads"],
    content: `The fastest reply usually wins the deal.

## Automate the first five minutes

Send an instant, personal-sounding e-mail or WhatsApp message and notify the right salesperson at once.

## Route by intent

A cost-estimator lead with a large budget goes to a senior strategist; a guide download goes into a nurture sequence.

## Measure it

Track time to first contact and conversion rate by source, and review them every month.`,
  },
].map((post) => ({ ...post, featured_image_url: `/images/blog/${post.slug}.svg` }));
