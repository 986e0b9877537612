/** The honeypot field the public endpoint checks (HONEYPOT_FIELD in the spam module); bots fill it, people never see it. */
export const EMBED_HONEYPOT_FIELD = "website_url";

export function formEndpoint(baseUrl: string, formId: string) {
  return `${baseUrl.replace(/\/+$/, "")}/api/forms/${encodeURIComponent(formId)}/submissions`;
}

/**
 * An HTML form any website can paste in to send leads to this form: it posts JSON to the public
 * endpoint (with the page address, so UTM parameters are attributed) and shows the answer in place;
 * without JavaScript it still posts as an ordinary form.
 */
export function embedSnippet(baseUrl: string, formId: string) {
  const endpoint = formEndpoint(baseUrl, formId);
  const elementId = `lead-form-${formId.replace(/[^a-zA-Z0-9-]/g, "").slice(0, 8)}`;
  return `<form id="${elementId}" action="${endpoint}" method="post">
  <p><label>Name * <input name="name" required maxlength="200" autocomplete="name"></label></p>
  <p><label>Email * <input name="email" type="email" required maxlength="254" autocomplete="email"></label></p>
  <p><label>Phone <input name="phone" type="tel" maxlength="50" autocomplete="tel"></label></p>
  <p><label>Company <input name="company" maxlength="200" autocomplete="organization"></label></p>
  <p><label>Message <textarea name="message" maxlength="5000" rows="4"></textarea></label></p>
  <!-- Leave this field hidden and empty: only bots fill it in. -->
  <input name="${EMBED_HONEYPOT_FIELD}" tabindex="-1" autocomplete="off" aria-hidden="true" style="position:absolute;left:-9999px">
  <button type="submit">Send</button>
  <p role="status"></p>
</form>
<script>
  document.getElementById("${elementId}").addEventListener("submit", async function (event) {
    event.preventDefault();
    var form = event.currentTarget;
    var status = form.querySelector('[role="status"]');
    var fields = Object.fromEntries(new FormData(form));
    fields.page_url = location.href;
    fields.referrer = document.referrer;
    try {
      var response = await fetch(form.action, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(fields),
      });
      var body = await response.json();
      status.textContent = response.ok ? "Thank you! We will be in touch soon." : body.error;
      if (response.ok) form.reset();
    } catch (error) {
      status.textContent = "Sorry, the form could not be sent. Please try again.";
    }
  });
</script>`;
}
