// A user's calendar feed token (its nonce): made by the calendar feature when the user asks for
// the feed link, and replaced by accounts when the password is reset (whoever had the old link,
// perhaps why the password was reset, loses it at once).
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { calendarFeeds } from "./schema/index";
import type { Queryable } from "./sql";
import { present } from "../present";

export const newFeedNonce = (): string => randomBytes(18).toString("base64url");

export async function findFeedNonce(db: Queryable, userId: number): Promise<string | undefined> {
  const [row] = await db.select({ nonce: calendarFeeds.nonce }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return row?.nonce;
}

/** Keeps the user's nonce if there is one (two tabs asking at once get the same token). */
export async function ensureFeedNonce(db: Queryable, userId: number, nonce: string, now: Date): Promise<string> {
  await db.insert(calendarFeeds).values({ userId, nonce, createdAt: now }).onConflictDoNothing();
  return present(await findFeedNonce(db, userId), "the feed nonce just written");
}

export async function deleteFeed(db: Queryable, userId: number): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/** Replaces the user's feed nonce if they had one (the old link stops working). */
export async function replaceFeedNonce(db: Queryable, userId: number, now: Date): Promise<void> {
  const hadFeed = (await findFeedNonce(db, userId)) !== undefined;
  await deleteFeed(db, userId);
  if (hadFeed) await ensureFeedNonce(db, userId, newFeedNonce(), now);
}
