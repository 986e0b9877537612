/**
 * The get-started and guide buttons open their form in a native <dialog> instead of following their
 * link: the form comes from the very page the link leads to (which carries the button's context), so
 * the dialog and the page without JavaScript are one form. Anything that goes wrong follows the link.
 */
document.addEventListener("click", (event) => {
  const link = (event.target as Element).closest?.<HTMLAnchorElement>("a[data-island~=lead-dialog]");
  if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  openDialog(link).catch(() => {
    window.location.href = link.href;
  });
});

async function openDialog(link: HTMLAnchorElement) {
  const [response] = await Promise.all([fetch(link.href, { headers: { accept: "text/html" } }), import("./lead-form")]);
  if (!response.ok) throw new Error(`the form page answered ${response.status}`);
  const page = new DOMParser().parseFromString(await response.text(), "text/html");
  const form = page.querySelector("main form[data-island~=lead-form]");
  const template = document.querySelector<HTMLTemplateElement>("template[data-slot=lead-dialog-template]");
  const dialog = template?.content.firstElementChild?.cloneNode(true);
  if (!form || !(dialog instanceof HTMLDialogElement)) throw new Error("no form to show");
  dialog.querySelector("[data-slot=lead-dialog-title]")!.textContent = page.querySelector("main h1")?.textContent ?? "";
  const description = dialog.querySelector("[data-slot=lead-dialog-description]")!;
  if (link.dataset.dialogDescription) description.textContent = link.dataset.dialogDescription;
  else description.remove();
  dialog.querySelector("[data-slot=lead-dialog-body]")!.append(document.adoptNode(form));
  dialog.querySelector("[data-slot=lead-dialog-close]")!.addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
}
