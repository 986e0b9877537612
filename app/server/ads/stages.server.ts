/** The stages a lead can reach that the ad platforms hear of, and the negatives that undo them. */
export const POSITIVE_STAGES = ["lead", "call_booked", "call_held", "qualified", "client"] as const;
export const NEGATIVE_STAGES = ["no_show", "lost", "spam"] as const;
export const AD_STAGES = [...POSITIVE_STAGES, ...NEGATIVE_STAGES] as const;
export type AdStage = (typeof AD_STAGES)[number];
export type NegativeStage = (typeof NEGATIVE_STAGES)[number];

export const AD_PLATFORMS = ["google", "meta", "linkedin"] as const;
export type AdPlatform = (typeof AD_PLATFORMS)[number];

/** Which earlier stages a negative takes back: spam all of them, lost the qualification, no-show the booking. */
export const RETRACTS: Record<NegativeStage, readonly AdStage[]> = {
  spam: POSITIVE_STAGES,
  lost: ["qualified"],
  no_show: ["call_booked"],
};
