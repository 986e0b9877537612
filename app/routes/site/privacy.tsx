import { LegalDocumentView } from "~/components/site/sections/legal-document";
import { privacyPolicy } from "~/content/legal";
import { sitePageMeta } from "~/lib/seo";
import type { Route } from "./+types/privacy";

export function meta({ matches }: Route.MetaArgs) {
  return sitePageMeta(matches, privacyPolicy.seo);
}

export default function PrivacyPage() {
  return <LegalDocumentView document={privacyPolicy} />;
}
