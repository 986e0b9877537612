/**
 * The slot picker shows times in the zone the server guessed (from the country, else the agency's);
 * the browser knows the visitor's own. When the address names no zone and the browser's is one the
 * picker offers, the page is asked again in that zone, replacing itself in the history. A zone the
 * visitor picks by hand is in the address, so it is never overruled.
 */
const picker = document.querySelector<HTMLFormElement>("form[data-island~=visitor-zone]");
const select = picker?.querySelector<HTMLSelectElement>("select[name=tz]");
const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const offered = select ? [...select.options].some((option) => option.value === browserZone) : false;
if (picker && select && offered && select.value !== browserZone && !new URL(location.href).searchParams.has("tz")) {
  select.value = browserZone;
  const target = new URL(picker.action, location.href);
  for (const [name, value] of new FormData(picker)) target.searchParams.set(name, String(value));
  target.hash = "";
  location.replace(target);
}
