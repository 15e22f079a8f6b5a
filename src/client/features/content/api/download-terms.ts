import { useMutation } from "@tanstack/react-query";
import { legalDocumentToText, termsOfService } from "@contract/legal";
import { saveBlob } from "@client/lib/save-blob";

/**
 * Downloads the terms as the server's PDF; if that fails the same text is saved as a .txt file made
 * on the client (player-side 2). Resolves with the format that was saved.
 */
export async function downloadTermsOfService(): Promise<"pdf" | "txt"> {
  try {
    const res = await fetch("/api/generate-pdf/terms-of-service", { credentials: "include" });
    const type = res.headers.get("Content-Type") ?? "";
    if (!res.ok || !type.includes("pdf")) throw new Error(`PDF unavailable (${res.status})`);
    saveBlob(await res.blob(), "terms-of-service.pdf");
    return "pdf";
  } catch {
    saveBlob(new Blob([legalDocumentToText(termsOfService)], { type: "text/plain;charset=utf-8" }), "terms-of-service.txt");
    return "txt";
  }
}

export function useDownloadTermsOfService() {
  return useMutation({ mutationFn: downloadTermsOfService });
}
