/** Adds where the visitor comes from and what they browse with to a form's data before it is sent. */
export function addVisitorContext(formData: FormData) {
  formData.set("referrer", document.referrer);
  formData.set("language", navigator.language);
  formData.set(
    "platform",
    (navigator as { userAgentData?: { platform?: string } }).userAgentData?.platform ?? navigator.platform,
  );
}
