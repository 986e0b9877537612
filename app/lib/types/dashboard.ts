/** `campaign` is null for leads that came without a UTM campaign. */
export type CampaignRow = { campaign: string | null; leads: number; qualified: number; converted: number };
