import { asc, eq, sql } from "drizzle-orm";
import type { PublicFigures } from "@contract/landing";
import {
  CONTENT_BLOCK_KEY_TAKEN_MESSAGE,
  type ContentBlock,
  type ContentBlockCreate,
  type ContentBlockUpdate,
  type Testimonial,
  type TestimonialCreate,
  type TestimonialUpdate,
} from "@contract/content";
import type { Db } from "../../db/client";
import { contactMessages, contentBlocks, testimonials } from "../../db/schema/index";
import { conflict } from "../../http/errors";
import { isUniqueViolation, rowsOf, returnedRow } from "../../db/sql";

const contentBlockColumns = {
  id: contentBlocks.id,
  key: contentBlocks.key,
  title: contentBlocks.title,
  content: contentBlocks.content,
  imageUrl: contentBlocks.imageUrl,
  order: contentBlocks.order,
};

const testimonialColumns = {
  id: testimonials.id,
  name: testimonials.name,
  role: testimonials.role,
  content: testimonials.content,
  rating: testimonials.rating,
  imageUrl: testimonials.imageUrl,
  order: testimonials.order,
};

export async function insertContactMessage(
  db: Db,
  values: { name: string; email: string; phone: string; question: string; createdAt: Date },
): Promise<{ id: number }> {
  const rows = await db.insert(contactMessages).values(values).returning({ id: contactMessages.id });
  return returnedRow(rows, "the contact message");
}

export async function listContentBlocks(db: Db): Promise<ContentBlock[]> {
  return db.select(contentBlockColumns).from(contentBlocks).orderBy(asc(contentBlocks.order), asc(contentBlocks.id));
}

export async function insertContentBlock(db: Db, values: ContentBlockCreate, now: Date): Promise<ContentBlock> {
  const rows = await withUniqueKeyConflict(() =>
    db
      .insert(contentBlocks)
      .values({ ...values, createdAt: now, updatedAt: now })
      .returning(contentBlockColumns),
  );
  return returnedRow(rows, "the content block");
}

/** undefined when no block has this id. */
export async function updateContentBlock(db: Db, id: number, changes: ContentBlockUpdate, now: Date): Promise<ContentBlock | undefined> {
  const rows = await withUniqueKeyConflict(() =>
    db
      .update(contentBlocks)
      .set({ ...changes, updatedAt: now })
      .where(eq(contentBlocks.id, id))
      .returning(contentBlockColumns),
  );
  return rows[0];
}

export async function deleteContentBlock(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(contentBlocks).where(eq(contentBlocks.id, id)).returning({ id: contentBlocks.id });
  return rows.length > 0;
}

export async function listTestimonials(db: Db): Promise<Testimonial[]> {
  return db.select(testimonialColumns).from(testimonials).orderBy(asc(testimonials.order), asc(testimonials.id));
}

export async function insertTestimonial(db: Db, values: TestimonialCreate, now: Date): Promise<Testimonial> {
  const rows = await db
    .insert(testimonials)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning(testimonialColumns);
  return returnedRow(rows, "the testimonial");
}

export async function updateTestimonial(db: Db, id: number, changes: TestimonialUpdate, now: Date): Promise<Testimonial | undefined> {
  const [row] = await db
    .update(testimonials)
    .set({ ...changes, updatedAt: now })
    .where(eq(testimonials.id, id))
    .returning(testimonialColumns);
  return row;
}

export async function deleteTestimonial(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(testimonials).where(eq(testimonials.id, id)).returning({ id: testimonials.id });
  return rows.length > 0;
}

/**
 * The unique index on content_blocks.key is the rule's real guard (two admins saving at once);
 * its violation becomes the spec's 409. Drizzle wraps the driver's error, so the code may sit in `cause`.
 */
async function withUniqueKeyConflict<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(CONTENT_BLOCK_KEY_TAKEN_MESSAGE, "key");
    throw error;
  }
}

/** The landing page's figures, counted (DESIGN 11): listed coaches, sessions that took place, and the reviews' average. */
export async function countPublicFigures(db: Db): Promise<PublicFigures> {
  const result = await db.execute(sql`
    select (select count(*) from coaches)::int as coaches,
      (select count(*) from bookings where status = 'completed')::int as "sessionsCompleted",
      (select round(avg(rating)::numeric, 1) from reviews)::float8 as rating,
      (select count(*) from reviews)::int as "reviewCount"`);
  const row = rowsOf<{ coaches: number; sessionsCompleted: number; rating: number | null; reviewCount: number }>(result)[0];
  return {
    coaches: Number(row?.coaches ?? 0),
    sessionsCompleted: Number(row?.sessionsCompleted ?? 0),
    rating: row?.rating === null || row?.rating === undefined ? null : Number(row.rating),
    reviewCount: Number(row?.reviewCount ?? 0),
  };
}
