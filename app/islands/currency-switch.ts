const KEY = "currency-switch-scroll";

/**
 * The currency switch posts and comes back to the same page, as it does without JavaScript; here the
 * visitor also comes back to where they were on it rather than to its top.
 */
window.addEventListener("submit", (event) => {
  const form = event.target as HTMLFormElement;
  // A hydrated page switches without a reload, and keeps its place by itself.
  if (event.defaultPrevented || !form.matches("form[data-island~=currency-switch]")) return;
  sessionStorage.setItem(KEY, JSON.stringify({ path: location.pathname + location.search, y: window.scrollY }));
});

const saved = sessionStorage.getItem(KEY);
if (saved) {
  sessionStorage.removeItem(KEY);
  try {
    const { path, y } = JSON.parse(saved) as { path: string; y: number };
    if (path === location.pathname + location.search) window.scrollTo(0, y);
  } catch {
    // A value from elsewhere: nothing to restore.
  }
}
