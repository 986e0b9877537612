// A jump within the page (Book Call) changes no page: the menu would stay open over the form it leads to.
document.addEventListener("click", (event) => {
  const link = (event.target as Element).closest?.("a[href^='#']");
  const menu = link?.closest<HTMLDetailsElement>("details[data-island~=mobile-menu]");
  if (menu) menu.open = false;
});
// A page restored from the back/forward cache shows as it was left: with the menu closed.
window.addEventListener("pageshow", (event) => {
  if (!event.persisted) return;
  for (const menu of document.querySelectorAll<HTMLDetailsElement>("details[data-island~=mobile-menu]"))
    menu.open = false;
});
