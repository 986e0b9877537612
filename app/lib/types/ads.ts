/** A lead's ad clicks (first and last touch), its advertising consent and what went to each platform. */
export type LeadAdSummary = {
  consent: { adUserData: boolean; adPersonalization: boolean } | null;
  firstClicks: Record<string, string>;
  lastClicks: Record<string, string>;
  conversions: {
    id: string;
    platform: string;
    stage: string;
    kind: string;
    status: string;
    lastError: string | null;
    updatedAt: string;
  }[];
};
