import { sql } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { testimonials, users } from "../schema/index";
import { returnedRow } from "../sql";
import { seedDemoMarketplace } from "./demo-coaches";
import { demoTestimonials } from "./demo-testimonials";

/** Seeds demo content into an empty database (no users yet); a database in use is never touched. */
export async function seedDemoData(deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const { count } = returnedRow(await db.select({ count: sql<number>`count(*)::int` }).from(users));
  if (count > 0) return;
  const { existing } = returnedRow(await db.select({ existing: sql<number>`count(*)::int` }).from(testimonials));
  if (existing === 0) await db.insert(testimonials).values(demoTestimonials);
  await seedDemoMarketplace(deps);
  deps.logger.info("demo data seeded");
}
