import { createRequire } from "node:module";
import { sql } from "drizzle-orm";
import { timeZoneForPlace } from "../../contract/geo";
import type { Db } from "./client";
import { rowsOf } from "./sql";

type ZipcodesEntry = { zip: string; latitude: number; longitude: number; city: string; state: string };
type ZipRow = { zip: string; city: string; state: string; latitude: number; longitude: number; time_zone: string };

/** Rows per INSERT: the whole set goes in a few statements, so a fresh database is ready in well under a second. */
const CHUNK_SIZE = 5000;

/** Reference data that every database needs (the offline US ZIP table), loaded once after migrations. */
export async function loadReferenceData(db: Db): Promise<void> {
  await loadZipCodes(db);
}

async function loadZipCodes(db: Db): Promise<void> {
  const existing = await db.execute<{ present: boolean }>(sql`select exists (select 1 from zip_codes) as present`);
  if (rowsOf<{ present: boolean }>(existing)[0]?.present) return;
  const rows = zipRows();
  for (let i = 0; i < rows.length; i += CHUNK_SIZE) {
    const chunk = JSON.stringify(rows.slice(i, i + CHUNK_SIZE));
    // One JSON parameter per chunk instead of thousands of bind parameters; "on conflict do nothing"
    // lets two processes that start together on a fresh database both succeed.
    await db.execute(sql`
      insert into zip_codes (zip, city, state, latitude, longitude, time_zone)
      select zip, city, state, latitude, longitude, time_zone
      from json_to_recordset(${chunk}::json)
        as r(zip text, city text, state text, latitude double precision, longitude double precision, time_zone text)
      on conflict (zip) do nothing`);
  }
}

let cachedRows: ZipRow[] | undefined;

function zipRows(): ZipRow[] {
  if (cachedRows) return cachedRows;
  // The package ships US codes in lib/codes (its main entry merges Canadian postal codes in as well).
  const require = createRequire(import.meta.url);
  const { codes } = require("zipcodes/lib/codes") as { codes: Record<string, ZipcodesEntry> };
  const rows: ZipRow[] = [];
  for (const entry of Object.values(codes)) {
    if (!/^\d{5}$/.test(entry.zip) || !Number.isFinite(entry.latitude) || !Number.isFinite(entry.longitude) || !entry.city) continue;
    const timeZone = timeZoneForPlace(entry.state, entry.latitude, entry.longitude);
    if (!timeZone) continue;
    rows.push({
      zip: entry.zip,
      city: entry.city,
      state: entry.state,
      latitude: entry.latitude,
      longitude: entry.longitude,
      time_zone: timeZone,
    });
  }
  cachedRows = rows;
  return rows;
}
