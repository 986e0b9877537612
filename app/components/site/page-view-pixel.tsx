import { PAGE_VIEW_PIXEL_PATH } from "~/lib/pixel-paths";

/**
 * A page view, and the start of a visit, for browsers without JavaScript: an image inside
 * `<noscript>`, which only they load. Browsers with JavaScript send the script beacon instead, so a
 * page view is counted once either way (and the visit cookie keeps a visit from starting twice).
 */
export function NoScriptPageView() {
  return (
    <noscript>
      <img src={PAGE_VIEW_PIXEL_PATH} alt="" width={1} height={1} hidden />
    </noscript>
  );
}
