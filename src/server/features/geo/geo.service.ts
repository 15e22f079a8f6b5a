import type { ZipLookup } from "@contract/geo";
import type { Logger } from "pino";
import type { Coordinates, Geocoder } from "../../adapters/geo";
import type { Db } from "../../db/client";
import * as repo from "./geo.repository";

/** The offline US ZIP data (city, state, coordinates, time zone), or null when the ZIP is unknown. */
export async function lookupZip(db: Db, zip: string): Promise<ZipLookup | null> {
  if (!/^\d{5}$/.test(zip)) return null;
  const row = await repo.findZip(db, zip);
  if (!row) return null;
  return { zip: row.zip, city: row.city, state: row.state, latitude: row.latitude, longitude: row.longitude, timeZone: row.timeZone };
}

/** Every ZIP's coordinates, for a cache that keeps the whole table (search's origins). */
export function listZipOrigins(db: Db): Promise<{ zip: string; latitude: number; longitude: number }[]> {
  return repo.allZipOrigins(db);
}

/** Geocoder calls in flight at once for one batch: a few, so a batch of 100 slots neither crawls nor floods the service. */
export const GEOCODE_CONCURRENCY = 4;

/**
 * Looks up each distinct address of a batch once (trimmed; empty ones skipped), at most
 * GEOCODE_CONCURRENCY at a time. A failed lookup is logged and answers null, like an address the
 * service does not know (coach-side 5: a slot is saved without coordinates then).
 */
export async function geocodeAddresses(
  geocoder: Geocoder,
  addresses: readonly (string | null | undefined)[],
  logger: Logger,
): Promise<Map<string, Coordinates | null>> {
  const distinct = [...new Set(addresses.map((a) => a?.trim() ?? "").filter((a) => a !== ""))];
  const found = new Map<string, Coordinates | null>();
  let next = 0;
  const worker = async () => {
    for (let address = distinct[next++]; address !== undefined; address = distinct[next++]) {
      try {
        found.set(address, await geocoder.geocode(address));
      } catch (err) {
        logger.warn({ err }, "could not geocode a time slot address");
        found.set(address, null);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(GEOCODE_CONCURRENCY, distinct.length) }, worker));
  return found;
}
