import { coachOfUser } from "../../db/coach-of-user";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { athletes, coaches, contentBlocks, testimonials, users } from "../../db/schema/index";

/**
 * True when any row still shows this image (a user's, coach's or athlete's photo, a testimonial, a
 * content block). An athlete's photo is deleted only by its family (DESIGN.md 12): another account
 * that names the same URL as its own photo and then changes it does not remove the file.
 */
export async function isImageReferenced(db: Db, url: string): Promise<boolean> {
  const found = await Promise.all([
    db.select({ id: users.id }).from(users).where(eq(users.profileImageUrl, url)).limit(1),
    db.select({ id: coaches.id }).from(coaches).where(eq(coaches.profileImageUrl, url)).limit(1),
    db.select({ id: athletes.id }).from(athletes).where(eq(athletes.photoUrl, url)).limit(1),
    db.select({ id: testimonials.id }).from(testimonials).where(eq(testimonials.imageUrl, url)).limit(1),
    db.select({ id: contentBlocks.id }).from(contentBlocks).where(eq(contentBlocks.imageUrl, url)).limit(1),
  ]);
  return found.some((rows) => rows.length > 0);
}

export async function findCoachPhotoOfUser(db: Db, userId: number): Promise<string | null> {
  return (await coachOfUser(db, userId, { url: coaches.profileImageUrl }))?.url ?? null;
}
