export type PricingPlan = {
  id: string;
  planType: string;
  title: string;
  priceUsd: number;
  priceInr: number;
  originalPriceUsd: number | null;
  originalPriceInr: number | null;
  subtitle: string | null;
  description: string | null;
  features: string[];
  winterDiscount: number;
  isPopular: boolean;
  isActive: boolean;
  ctaText: string;
  displayOrder: number;
  updatedAt: string;
};

/** A plan as visitors see it: active ones only, so neither the switch nor the edit time goes out. */
export type PublicPlan = Omit<PricingPlan, "isActive" | "updatedAt">;

export type PricingContentSection = {
  id: string;
  sectionKey: string;
  title: string;
  isActive: boolean;
  content: Record<string, unknown>;
  updatedAt: string;
};
