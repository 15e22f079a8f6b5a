import type { Db } from "./client";

/** Reference data that every database needs (the offline US ZIP table), loaded once after migrations. */
export async function loadReferenceData(_db: Db): Promise<void> {
  // The ZIP table is filled by the coaches/geo work (issue 4).
}
