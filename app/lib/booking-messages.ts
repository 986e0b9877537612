/** What a visitor's booking link that a later change replaced answers, on its page and as its error. */
export const LINK_REPLACED = "This link was replaced by a newer one: see the latest e-mail.";

/** A lead saved by the booking page itself, until its call exists. */
export const BOOK_PAGE_ENQUIRY = "Asked for a strategy call on the booking page";
/** The same lead once its call is booked: said only of a call that exists. */
export const BOOKED_A_CALL = "Booked a strategy call";
