import type { IconName } from "~/components/site/sections/icon";
import type { PageSeo } from "~/lib/seo";

/**
 * Copy for the four industry pages (/industries/{slug}). One module renders all four
 * (`app/routes/site/industry.tsx`); every word shown on those pages lives here.
 * Prices are not written here: plans and prices come from the database and are shown on /pricing.
 */

export const industrySlugs = ["ecommerce", "saas", "real-estate", "automotive"] as const;
export type IndustrySlug = (typeof industrySlugs)[number];

export type IndustryFeature = { icon: IconName; title: string; text: string };
export type CampaignType = { title: string; text: string; platforms: readonly string[] };
export type StoryMetric = { value: string; label: string };

export type Industry = {
  slug: IndustrySlug;
  /** Short name for cards and navigation, e.g. "E-commerce". */
  name: string;
  icon: IconName;
  /** Names the page for the get-started form: "Get Started - {source}". */
  source: string;
  seo: PageSeo;
  hero: { eyebrow: string; headline: string; intro: string };
  challenges: { title: string; description: string; items: readonly IndustryFeature[] };
  solutions: { title: string; description: string; items: readonly IndustryFeature[] };
  campaignTypes: { title: string; description: string; items: readonly CampaignType[] };
  successStory: {
    title: string;
    clientType: string;
    market: string;
    summary: string;
    metrics: readonly StoryMetric[];
    quote: string;
    attribution: string;
  };
  integrations: { title: string; description: string; items: readonly string[] };
  pricingTeaser: { title: string; text: string };
};

/** Labels shared by all industry pages. */
export const industryPageCopy = {
  customQuote: "Get Custom Quote",
  customQuoteHref: "/cost-estimator",
  getStarted: "Get Started",
  viewPricing: "View Pricing Plans",
  pricingHref: "/pricing",
  challengesEyebrow: "The challenge",
  solutionsEyebrow: "Our approach",
  campaignTypesEyebrow: "What we run",
  platformsLabel: "Platforms",
  successStoryEyebrow: "Success story",
  resultsLabel: "Results",
  integrationsEyebrow: "Integrations",
  pricingEyebrow: "Pricing",
  otherIndustriesTitle: "Other industries we serve",
} as const;

export const industries: Record<IndustrySlug, Industry> = {
  ecommerce: {
    slug: "ecommerce",
    name: "E-commerce",
    icon: "shopping-cart",
    source: "E-commerce Page",
    seo: {
      path: "/industries/ecommerce",
      title: "E-commerce PPC Agency | Google Shopping & Meta Ads | ScaleLeap",
      description:
        "Profitable Google Shopping, Performance Max and Meta ads for online stores, with server-side conversion tracking and a 3.2x ROAS track record.",
      keywords: [
        "ecommerce ppc agency",
        "google shopping ads",
        "performance max management",
        "meta ads for ecommerce",
        "shopify advertising",
        "ROAS optimization",
      ],
    },
    hero: {
      eyebrow: "E-commerce advertising",
      headline: "Turn ad spend into profitable online sales",
      intro:
        "We run Google Shopping, Performance Max and Meta campaigns for online stores, bidding on profit rather than clicks and measuring every purchase accurately.",
    },
    challenges: {
      title: "Why e-commerce ads stop paying off",
      description: "Most stores we audit are losing money in the same four places.",
      items: [
        {
          icon: "trending-up",
          title: "Rising acquisition costs",
          text: "Auction prices climb every season, and broad campaigns spend the budget on shoppers who were never going to buy.",
        },
        {
          icon: "package",
          title: "Spend on unprofitable products",
          text: "Low-margin and out-of-stock items soak up budget while best sellers stay under-funded.",
        },
        {
          icon: "eye-off",
          title: "Missing purchase data",
          text: "Browser privacy changes and ad blockers hide a large share of sales, so the ad platforms optimise on incomplete signals.",
        },
        {
          icon: "shopping-cart",
          title: "Abandoned carts",
          text: "Shoppers add products and leave, and without timely reminders most of them never come back.",
        },
      ],
    },
    solutions: {
      title: "How we grow your store profitably",
      description: "A structured account, clean data and bidding built around your margins.",
      items: [
        {
          icon: "layers",
          title: "Feed-first Shopping campaigns",
          text: "We optimise your product feed titles, attributes and images, then group products by margin and performance.",
        },
        {
          icon: "target",
          title: "Profit-based bidding",
          text: "ROAS targets are set per product group from your real margins, so growth never comes at the cost of profit.",
        },
        {
          icon: "activity",
          title: "Server-side tracking",
          text: "Meta Conversions API, Google enhanced conversions and GA4 e-commerce events recover the sales browsers hide.",
        },
        {
          icon: "repeat",
          title: "Retargeting and cart recovery",
          text: "Dynamic product ads and automated e-mail flows bring back shoppers who viewed or carted products.",
        },
      ],
    },
    campaignTypes: {
      title: "Campaigns we run for online stores",
      description: "Each campaign has a clear job in the funnel, from discovery to repeat purchase.",
      items: [
        {
          title: "Shopping and Performance Max",
          text: "Product listings across Search, Shopping, YouTube and Display, driven by an optimised feed.",
          platforms: ["Google Ads", "Google Merchant Center"],
        },
        {
          title: "Advantage+ shopping campaigns",
          text: "Prospecting with creative testing across Facebook and Instagram feeds, Stories and Reels.",
          platforms: ["Facebook", "Instagram"],
        },
        {
          title: "Dynamic product retargeting",
          text: "Ads showing the exact products a shopper viewed, with offers timed to their behaviour.",
          platforms: ["Meta", "Google Display"],
        },
        {
          title: "Brand and competitor search",
          text: "Protect your brand name and win shoppers comparing you with competitors.",
          platforms: ["Google Search", "Microsoft Ads"],
        },
      ],
    },
    successStory: {
      title: "How a D2C fashion brand tripled its return on ad spend",
      clientType: "D2C fashion and lifestyle brand",
      market: "India",
      summary:
        "After rebuilding the product feed, restructuring Performance Max by margin and installing server-side tracking, the brand scaled spend while cutting its cost per purchase.",
      metrics: [
        { value: "3.2x", label: "ROAS" },
        { value: "-41%", label: "Cost per purchase" },
        { value: "+186%", label: "Online revenue in 6 months" },
      ],
      quote:
        "For the first time we can see which products actually make money from ads. ScaleLeap moved our budget there and revenue followed.",
      attribution: "Founder, D2C fashion brand",
    },
    integrations: {
      title: "Works with your store and tools",
      description: "We connect your ads to the platforms that hold your products, orders and customers.",
      items: [
        "Shopify",
        "WooCommerce",
        "Magento",
        "BigCommerce",
        "Google Merchant Center",
        "Meta Commerce Manager",
        "Klaviyo",
        "Google Analytics 4",
      ],
    },
    pricingTeaser: {
      title: "Plans for every stage of your store",
      text: "From your first campaigns to a catalogue of thousands of products, our management plans grow with you. Compare what each plan includes, or tell us about your store for a tailored quote.",
    },
  },

  saas: {
    slug: "saas",
    name: "SaaS & IT",
    icon: "cloud",
    source: "SaaS Page",
    seo: {
      path: "/industries/saas",
      title: "SaaS PPC Agency | B2B Google, LinkedIn & Meta Ads | ScaleLeap",
      description:
        "Paid ads for SaaS and IT companies that drive qualified demos and trials, with CRM-connected tracking that shows which campaigns create pipeline.",
      keywords: [
        "saas ppc agency",
        "b2b paid ads",
        "linkedin ads for saas",
        "demo generation",
        "free trial campaigns",
        "saas marketing automation",
      ],
    },
    hero: {
      eyebrow: "SaaS and IT advertising",
      headline: "Fill your pipeline with demos that turn into revenue",
      intro:
        "We run search, LinkedIn and Meta campaigns for software companies and connect them to your CRM, so budget goes to the ads that produce customers, not just sign-ups.",
    },
    challenges: {
      title: "Why SaaS advertising is hard to scale",
      description: "Long buying cycles and expensive clicks punish guesswork.",
      items: [
        {
          icon: "clock",
          title: "Long, multi-touch sales cycles",
          text: "Buyers research for weeks and involve several people, so last-click reports undervalue the campaigns that start deals.",
        },
        {
          icon: "user-x",
          title: "Low-quality sign-ups",
          text: "Cheap trial sign-ups from students and competitors inflate results while sales teams chase dead ends.",
        },
        {
          icon: "trending-up",
          title: "Expensive B2B clicks",
          text: "Software keywords are among the most competitive in search, and a loose account burns through budget quickly.",
        },
        {
          icon: "unplug",
          title: "Ads disconnected from the CRM",
          text: "Without pipeline and revenue data flowing back, ad platforms optimise for form fills instead of customers.",
        },
      ],
    },
    solutions: {
      title: "How we build predictable SaaS growth",
      description: "Full-funnel campaigns measured against pipeline, not vanity metrics.",
      items: [
        {
          icon: "git-branch",
          title: "Full-funnel strategy",
          text: "Separate campaigns for problem-aware, solution-aware and ready-to-buy audiences, each with the right offer.",
        },
        {
          icon: "database",
          title: "Offline conversion imports",
          text: "Qualified leads, opportunities and closed deals are sent back from your CRM so bidding follows revenue.",
        },
        {
          icon: "users",
          title: "Account-based targeting",
          text: "LinkedIn and customer-list audiences reach decision makers at the companies that fit your ideal customer profile.",
        },
        {
          icon: "workflow",
          title: "Trial and demo nurturing",
          text: "Automated e-mail and retargeting sequences move trial users to activation and demo bookers to the call.",
        },
      ],
    },
    campaignTypes: {
      title: "Campaigns we run for software companies",
      description: "From capturing active demand to creating it among your ideal accounts.",
      items: [
        {
          title: "High-intent search",
          text: "Keywords from buyers looking for a solution like yours, with landing pages matched to each intent.",
          platforms: ["Google Ads", "Microsoft Ads"],
        },
        {
          title: "Account-based campaigns",
          text: "Thought leadership and demo offers shown to job titles and companies on your target list.",
          platforms: ["LinkedIn"],
        },
        {
          title: "Competitor and alternative campaigns",
          text: "Reach buyers comparing tools and show them why switching to you is worth it.",
          platforms: ["Google Search", "Microsoft Ads"],
        },
        {
          title: "Trial and demo retargeting",
          text: "Bring back visitors who viewed pricing or started a trial without converting.",
          platforms: ["Meta", "LinkedIn", "Google Display"],
        },
      ],
    },
    successStory: {
      title: "How a B2B SaaS platform cut its cost per demo in half",
      clientType: "B2B workflow software platform",
      market: "USA",
      summary:
        "We restructured search around buyer intent, launched LinkedIn account-based campaigns and imported CRM opportunities so bidding followed pipeline instead of form fills.",
      metrics: [
        { value: "-47%", label: "Cost per demo" },
        { value: "2.6x", label: "Sales-qualified pipeline" },
        { value: "+64%", label: "Trial-to-paid conversion" },
      ],
      quote:
        "Our sales team noticed the difference within a month. The demos coming from ads are now the kind we actually close.",
      attribution: "VP of Marketing, B2B SaaS company",
    },
    integrations: {
      title: "Connected to your revenue stack",
      description: "We link ad platforms to the CRM and product analytics you already use.",
      items: ["HubSpot", "Salesforce", "Pipedrive", "Intercom", "Segment", "Stripe", "Mixpanel", "Google Analytics 4"],
    },
    pricingTeaser: {
      title: "Plans for every stage of your SaaS",
      text: "Whether you are finding product-market fit or scaling into new markets, there is a management plan that fits. Compare what each plan includes, or get a quote built around your funnel.",
    },
  },

  "real-estate": {
    slug: "real-estate",
    name: "Real Estate",
    icon: "building",
    source: "Real Estate Page",
    seo: {
      path: "/industries/real-estate",
      title: "Real Estate PPC Agency | Property Lead Generation Ads | ScaleLeap",
      description:
        "Lead generation for developers, brokers and agents: Google and Meta campaigns that deliver qualified buyers and booked site visits, not junk leads.",
      keywords: [
        "real estate ppc agency",
        "property lead generation",
        "real estate facebook ads",
        "google ads for real estate",
        "site visit bookings",
        "real estate marketing automation",
      ],
    },
    hero: {
      eyebrow: "Real estate advertising",
      headline: "Qualified property buyers, not a spreadsheet of junk leads",
      intro:
        "We help developers, brokers and agents reach serious buyers and tenants with location-targeted campaigns, qualifying forms and instant lead follow-up.",
    },
    challenges: {
      title: "Why real estate leads disappoint",
      description: "Volume is easy to buy. Buyers who visit and sign are not.",
      items: [
        {
          icon: "user-x",
          title: "Low-intent and fake leads",
          text: "One-tap lead forms bring in people who do not remember enquiring, wasting your sales team's time.",
        },
        {
          icon: "clock",
          title: "Slow follow-up",
          text: "Property buyers contact several sellers at once, and leads called back after an hour often have already moved on.",
        },
        {
          icon: "map-pin",
          title: "Hyper-local competition",
          text: "Every project competes for the same neighbourhood searches, and broad targeting spends money far from the site.",
        },
        {
          icon: "calendar",
          title: "Long decision cycles",
          text: "Buyers take months to decide, and most agencies stop nurturing them long before they are ready.",
        },
      ],
    },
    solutions: {
      title: "How we deliver buyers who show up",
      description: "Quality filters at every step, from the ad to the site visit.",
      items: [
        {
          icon: "filter",
          title: "Qualifying lead forms",
          text: "Budget, timeline and location questions filter out casual browsers before they reach your team.",
        },
        {
          icon: "zap",
          title: "Instant lead routing",
          text: "New leads reach your CRM and your sales team's phones within seconds, by e-mail, SMS or WhatsApp.",
        },
        {
          icon: "map-pin",
          title: "Location-targeted campaigns",
          text: "Ads reach people searching for and living near your projects, plus relocation and overseas buyer audiences.",
        },
        {
          icon: "mail",
          title: "Long-term nurturing",
          text: "Automated updates on new launches, price changes and site-visit slots keep your projects top of mind.",
        },
      ],
    },
    campaignTypes: {
      title: "Campaigns we run for real estate",
      description: "Built around launches, enquiries and site visits.",
      items: [
        {
          title: "Project launch campaigns",
          text: "Build demand before and during a launch with video, carousel and search ads.",
          platforms: ["Meta", "Google Search", "YouTube"],
        },
        {
          title: "Instant lead form campaigns",
          text: "Qualifying forms inside the ad that capture enquiries without a page load.",
          platforms: ["Meta Lead Ads", "Google Lead Forms"],
        },
        {
          title: "Site visit bookings",
          text: "Search and Performance Max campaigns that drive calls and booked visits to your sales office.",
          platforms: ["Google Ads", "Google Maps"],
        },
        {
          title: "Virtual tour video ads",
          text: "Walkthroughs and amenity videos that pre-qualify buyers before they visit.",
          platforms: ["YouTube", "Instagram Reels"],
        },
      ],
    },
    successStory: {
      title: "How a residential developer tripled its site visits",
      clientType: "Residential property developer",
      market: "India",
      summary:
        "Qualifying lead forms, location-targeted campaigns and instant WhatsApp alerts to the sales team turned a flood of unqualified enquiries into booked site visits.",
      metrics: [
        { value: "-52%", label: "Cost per qualified lead" },
        { value: "3x", label: "Site visits booked" },
        { value: "38", label: "Units sold in 90 days" },
      ],
      quote:
        "Our sales team stopped complaining about leads. They now spend their day with buyers who have a budget and want to visit.",
      attribution: "Head of Sales, residential developer",
    },
    integrations: {
      title: "Connected to your listings and CRM",
      description: "We work with the portals and sales tools used across our markets.",
      items: [
        "Zillow",
        "Realtor.com",
        "Property Finder",
        "99acres",
        "Salesforce",
        "HubSpot",
        "Zoho CRM",
        "Follow Up Boss",
        "WhatsApp Business",
      ],
    },
    pricingTeaser: {
      title: "Plans for every size of portfolio",
      text: "From a single agent to developers with several projects live, our management plans scale with your listings. Compare what each plan includes, or get a quote for your next launch.",
    },
  },

  automotive: {
    slug: "automotive",
    name: "Automotive",
    icon: "car",
    source: "Automotive Page",
    seo: {
      path: "/industries/automotive",
      title: "Automotive PPC Agency | Car Dealership Ads | ScaleLeap",
      description:
        "Paid ads for car dealerships and automotive brands: inventory ads, local search and test-drive campaigns, with call and showroom visit tracking.",
      keywords: [
        "automotive ppc agency",
        "car dealership advertising",
        "vehicle inventory ads",
        "dealership google ads",
        "test drive leads",
        "automotive lead generation",
      ],
    },
    hero: {
      eyebrow: "Automotive advertising",
      headline: "More test drives and showroom visits from every ad",
      intro:
        "We run inventory, local search and lead campaigns for dealerships and automotive brands, and track calls and visits all the way to the sale.",
    },
    challenges: {
      title: "Why dealership advertising leaks budget",
      description: "Cars are sold in the showroom, but most ads are measured on clicks.",
      items: [
        {
          icon: "refresh-cw",
          title: "Inventory that changes daily",
          text: "Vehicles sell and arrive every day, and ads for cars that are already gone waste money and frustrate buyers.",
        },
        {
          icon: "map-pin",
          title: "Local competition",
          text: "Nearby dealers bid on the same models, and buyers rarely travel far for a test drive.",
        },
        {
          icon: "eye-off",
          title: "Sales happen offline",
          text: "Calls, walk-ins and showroom deals are invisible to ad platforms without proper tracking.",
        },
        {
          icon: "wrench",
          title: "Under-used service department",
          text: "Service and parts bring steady margin, yet they rarely get a dedicated advertising plan.",
        },
      ],
    },
    solutions: {
      title: "How we bring buyers to your showroom",
      description: "Live inventory, local reach and tracking that follows the sale.",
      items: [
        {
          icon: "list",
          title: "Inventory-synced ads",
          text: "Vehicle listing ads update automatically from your stock feed, with price, mileage and photos.",
        },
        {
          icon: "map-pin",
          title: "Local targeting",
          text: "Campaigns focused on the radius your buyers come from, with location extensions and Maps visibility.",
        },
        {
          icon: "phone",
          title: "Call and visit tracking",
          text: "Call tracking, store visit measurement and CRM-matched sales show which campaigns sell cars.",
        },
        {
          icon: "wrench",
          title: "Service and parts campaigns",
          text: "Reminder and offer campaigns that keep your service bays busy between vehicle sales.",
        },
      ],
    },
    campaignTypes: {
      title: "Campaigns we run for dealerships",
      description: "Covering new and used sales, leads and aftersales.",
      items: [
        {
          title: "Vehicle inventory ads",
          text: "Your live stock shown to in-market buyers with model, price and photos.",
          platforms: ["Google Vehicle Ads", "Meta Automotive Ads"],
        },
        {
          title: "Local search and Maps",
          text: "Capture people searching for models, dealers and test drives near them.",
          platforms: ["Google Search", "Google Maps"],
        },
        {
          title: "Test-drive lead campaigns",
          text: "Lead forms and landing pages that book test drives straight into your CRM.",
          platforms: ["Meta Lead Ads", "Google Ads"],
        },
        {
          title: "Service and parts retention",
          text: "Service reminders, seasonal offers and parts promotions for existing owners.",
          platforms: ["Google Search", "Meta", "E-mail"],
        },
      ],
    },
    successStory: {
      title: "How a dealership group booked more test drives for less",
      clientType: "Multi-location car dealership group",
      market: "Canada",
      summary:
        "Inventory-synced ads, radius targeting around each location and call tracking connected to the dealer CRM showed which campaigns sold cars, and budget moved there.",
      metrics: [
        { value: "-36%", label: "Cost per lead" },
        { value: "+58%", label: "Test drives booked" },
        { value: "2.4x", label: "ROAS on service campaigns" },
      ],
      quote:
        "We finally know which ads put people in our showrooms. Our general managers now ask for the weekly report.",
      attribution: "Marketing Director, dealership group",
    },
    integrations: {
      title: "Connected to your dealership systems",
      description: "We work with the DMS, CRM, listing and call tracking tools dealers rely on.",
      items: [
        "CDK Global",
        "VinSolutions",
        "DealerSocket",
        "AutoTrader",
        "Cars.com",
        "CarGurus",
        "CallRail",
        "Google Analytics 4",
      ],
    },
    pricingTeaser: {
      title: "Plans for single rooftops and dealer groups",
      text: "Whether you run one showroom or many, our management plans scale with your locations and inventory. Compare what each plan includes, or get a quote for your dealership.",
    },
  },
};

/** The industries in display order. */
export const industryList: readonly Industry[] = industrySlugs.map((slug) => industries[slug]);

export function isIndustrySlug(value: string): value is IndustrySlug {
  return (industrySlugs as readonly string[]).includes(value);
}
