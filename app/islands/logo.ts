// A logo from settings that fails to load (or failed before this ran) gives way to the default one.
for (const image of document.querySelectorAll<HTMLImageElement>("img[data-fallback]")) {
  const fallback = image.dataset.fallback!;
  const showDefault = () => {
    if (!image.src.endsWith(fallback)) image.src = fallback;
  };
  if (image.complete && image.naturalWidth === 0) showDefault();
  else image.addEventListener("error", showDefault, { once: true });
}
