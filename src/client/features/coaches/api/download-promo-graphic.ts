import { useMutation } from "@tanstack/react-query";
import { ApiError } from "@client/lib/api-client";
import { saveBlob } from "@client/lib/save-blob";

/** Fetches the coach's 1080x1080 promotional PNG and hands it to the browser as a download. */
export async function downloadPromoGraphic(coachId: number): Promise<void> {
  const res = await fetch(`/api/coaches/${coachId}/promo.png`, { credentials: "include" });
  if (!res.ok) throw new ApiError(res.status, res.statusText || `Request failed (${res.status})`);
  const blob = await res.blob();
  const fileName = /filename="([^"]+)"/.exec(res.headers.get("Content-Disposition") ?? "")?.[1] ?? "coach-promo.png";
  saveBlob(blob, fileName);
}

export function useDownloadPromoGraphic() {
  return useMutation({ mutationFn: downloadPromoGraphic });
}
