import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { zipCodes } from "../../db/schema/index";

export type ZipRow = typeof zipCodes.$inferSelect;

export async function findZip(db: Db, zip: string): Promise<ZipRow | undefined> {
  const rows = await db.select().from(zipCodes).where(eq(zipCodes.zip, zip)).limit(1);
  return rows[0];
}
