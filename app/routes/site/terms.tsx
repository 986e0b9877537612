import { LegalDocumentView } from "~/components/site/sections/legal-document";
import { termsOfService } from "~/content/legal";
import { sitePageMeta } from "~/lib/seo";
import type { Route } from "./+types/terms";

export function meta({ matches }: Route.MetaArgs) {
  return sitePageMeta(matches, termsOfService.seo);
}

export default function TermsPage() {
  return <LegalDocumentView document={termsOfService} />;
}
