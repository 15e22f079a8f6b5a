import type { ZipLookup } from "@contract/geo";
import type { Db } from "../../db/client";
import * as repo from "./geo.repository";

/** The offline US ZIP data (city, state, coordinates, time zone), or null when the ZIP is unknown. */
export async function lookupZip(db: Db, zip: string): Promise<ZipLookup | null> {
  if (!/^\d{5}$/.test(zip)) return null;
  const row = await repo.findZip(db, zip);
  if (!row) return null;
  return { zip: row.zip, city: row.city, state: row.state, latitude: row.latitude, longitude: row.longitude, timeZone: row.timeZone };
}
