/** Where the team is told of a new lead on the tests' site. */
export const TEAM_MAIL = { baseUrl: "https://agency.example", notifyEmails: ["sales@agency.example"] };

/** What a visitor's browser reports with an enquiry sent from `pageUrl`, reached from a Google search. */
export function fromGoogleSearch(pageUrl: string, language = "en") {
  return {
    pageUrl,
    referrer: "https://www.google.com/",
    userAgent: "UA",
    browserInfo: { userAgent: "UA", language, platform: "Linux" },
  };
}
