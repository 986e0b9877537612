/** Where a page fetches the visitor's fill-time token (a cookie), as an image; served by the Express app. */
export const FORM_TOKEN_PATH = "/api/form-token";

/** Where a browser without JavaScript reports a page view, as an image; served by the Express app. */
export const PAGE_VIEW_PIXEL_PATH = "/api/page-view";
