import { privacyPolicy } from "@contract/legal";
import { LegalDocumentView } from "../../features/content/components/legal-document-view";

export function PrivacyPolicyPage() {
  return <LegalDocumentView doc={privacyPolicy} />;
}
