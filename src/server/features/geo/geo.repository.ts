import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { zipCodes } from "../../db/schema/index";

export type ZipRow = typeof zipCodes.$inferSelect;

export async function findZip(db: Db, zip: string): Promise<ZipRow | undefined> {
  const rows = await db.select().from(zipCodes).where(eq(zipCodes.zip, zip)).limit(1);
  return rows[0];
}

/** Every ZIP's coordinates (about 42,000 rows): reference data that does not change while the server runs. */
export async function allZipOrigins(db: Db): Promise<{ zip: string; latitude: number; longitude: number }[]> {
  return db.select({ zip: zipCodes.zip, latitude: zipCodes.latitude, longitude: zipCodes.longitude }).from(zipCodes);
}
