/** The agency's identity, used wherever the site names itself. One place to rebrand. */
export const brand = {
  name: "ScaleLeap",
  legalName: "ScaleLeap Digital Pvt. Ltd.",
  tagline: "Performance marketing that pays for itself",
  founded: 2018,
  countries: ["India", "USA", "Australia", "UAE", "Canada"],
  defaultLogo: "/images/logo.svg",
} as const;
