/** `campaign` is null for leads that came without a UTM campaign. */
export type CampaignRow = {
  campaign: string | null;
  leads: number;
  /** Enquiries from people already known: a campaign that brings back an old prospect gets credit. */
  returning: number;
  qualified: number;
  converted: number;
};
