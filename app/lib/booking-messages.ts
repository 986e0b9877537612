/** What a visitor's booking link that a later change replaced answers, on its page and as its error. */
export const LINK_REPLACED = "This link was replaced by a newer one: see the latest e-mail.";
