import { FORM_TOKEN_PATH } from "~/lib/pixel-paths";

/**
 * Starts the visitor's fill time for the site's forms. An image, not a script, so that it works
 * without JavaScript: browsers fetch it with the page, form-posting scripts that never load images
 * send no token, and the page itself carries nothing per visitor.
 */
export function FormTokenPixel() {
  return <img src={FORM_TOKEN_PATH} alt="" width={1} height={1} hidden decoding="async" fetchPriority="low" />;
}
