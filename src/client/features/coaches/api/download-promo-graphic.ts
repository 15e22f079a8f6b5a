import { useMutation } from "@tanstack/react-query";
import { ApiError } from "@client/lib/api-client";

/** Fetches the coach's 1080x1080 promotional PNG and hands it to the browser as a download. */
export async function downloadPromoGraphic(coachId: number): Promise<void> {
  const res = await fetch(`/api/coaches/${coachId}/promo.png`, { credentials: "include" });
  if (!res.ok) throw new ApiError(res.status, res.statusText || `Request failed (${res.status})`);
  const blob = await res.blob();
  const fileName = /filename="([^"]+)"/.exec(res.headers.get("Content-Disposition") ?? "")?.[1] ?? "coach-promo.png";
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by the next task; the object URL is no longer needed.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useDownloadPromoGraphic() {
  return useMutation({ mutationFn: downloadPromoGraphic });
}
