import { Download } from "lucide-react";
import { termsOfService } from "@contract/legal";
import { Button } from "../../components/ui/button";
import { useDownloadTermsOfService } from "../../features/content/api/download-terms";
import { LegalDocumentView } from "../../features/content/components/legal-document-view";

export function TermsOfServicePage() {
  const download = useDownloadTermsOfService();
  return (
    <LegalDocumentView
      doc={termsOfService}
      actions={
        <Button type="button" variant="outline" isLoading={download.isPending} onClick={() => download.mutate()}>
          {download.isPending ? null : <Download aria-hidden />}
          Download PDF
        </Button>
      }
    />
  );
}
