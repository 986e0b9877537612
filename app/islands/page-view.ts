import { track } from "~/lib/track";

// One page_view per page the visitor sees: a page prerendered on a hover counts once it is shown.
const view = () => track("page_view", { referrer: document.referrer || undefined });
if ((document as { prerendering?: boolean }).prerendering)
  document.addEventListener("prerenderingchange", view, { once: true });
else view();
