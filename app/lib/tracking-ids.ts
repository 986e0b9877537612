/** Formats of the third-party ids a site may set; anything else never reaches a page. */
export const GOOGLE_ANALYTICS_ID = /^(G|GT|AW|UA)-[A-Z0-9-]{4,20}$/;
export const FACEBOOK_PIXEL_ID = /^\d{15,16}$/;
export const CUSTOM_HEAD_CODE_MAX_LENGTH = 20_000;

export function isGoogleAnalyticsId(value: string) {
  return GOOGLE_ANALYTICS_ID.test(value);
}

export function isFacebookPixelId(value: string) {
  return FACEBOOK_PIXEL_ID.test(value);
}
