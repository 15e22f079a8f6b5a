import type { ZipLookup } from "../../contract/geo";
import { ApiError, apiGet } from "./api-client";

/** City, state and time zone of a 5-digit ZIP from the offline data; null when the ZIP is unknown. */
export async function lookupZip(zip: string): Promise<ZipLookup | null> {
  try {
    return await apiGet<ZipLookup>(`/api/geo/zip/${encodeURIComponent(zip)}`);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}
