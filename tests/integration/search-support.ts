import { uniqueEmail } from "@tests/factories/basics";
import { eq } from "drizzle-orm";
import request from "supertest";
import { coaches, rates, reviews, timeSlots, users } from "@server/db/schema/index";
import { startSession } from "@server/features/accounts/sessions.service";
import { lookupZip } from "@server/features/geo/geo.service";
import { coachDirectoryFor } from "@server/features/search/coach-directory";
import type { TestApp } from "@tests/support/test-app";
import type { TimeSlot } from "@contract/slots";

export type SearchCoachOptions = {
  zipcode: string;
  specializations: string[];
  firstName?: string;
  title?: string;
  bio?: string;
  experience?: string;
  /** [sessionType, minutes, cents] */
  rates?: ["individual" | "group", 30 | 60, number][];
};

/** A coach placed at a real ZIP (coordinates and time zone from the ZIP table), written straight into the tables. */
export async function insertCoach(t: TestApp, options: SearchCoachOptions): Promise<{ coachId: number; userId: number }> {
  const db = t.deps.database.db;
  const zip = await lookupZip(db, options.zipcode);
  if (!zip) throw new Error(`unknown test ZIP ${options.zipcode}`);
  const [user] = await db
    .insert(users)
    .values({ email: uniqueEmail("coach"), userType: "coach", firstName: options.firstName ?? "Casey", lastName: "Coach" })
    .returning({ id: users.id });
  const [coach] = await db
    .insert(coaches)
    .values({
      userId: user!.id,
      title: options.title ?? "Lacrosse Coach",
      bio: options.bio ?? "Former college player.",
      experience: options.experience ?? "5 years",
      zipcode: zip.zip,
      location: `${zip.city}, ${zip.state}`,
      latitude: zip.latitude,
      longitude: zip.longitude,
      timeZone: zip.timeZone,
      specializations: options.specializations,
    })
    .returning({ id: coaches.id });
  const rateRows = options.rates ?? [["individual", 60, 8500]];
  if (rateRows.length > 0) {
    await db
      .insert(rates)
      .values(
        rateRows.map(([sessionType, durationMinutes, rateCents]) => ({ coachId: coach!.id, sessionType, durationMinutes, rateCents })),
      );
  }
  // Written past the services, which announce listing changes: tell the search's directory.
  coachDirectoryFor(t.deps).invalidate(coach!.id);
  return { coachId: coach!.id, userId: user!.id };
}

/** A slot starting `startsAt` (ISO), one hour long unless told otherwise. */
export async function insertSlot(
  t: TestApp,
  coachId: number,
  startsAt: string,
  options: {
    minutes?: number;
    isAvailable?: boolean;
    isGroup?: boolean;
    capacity?: number;
    cancelledAt?: Date;
    locationName?: string | null;
  } = {},
): Promise<number> {
  const start = new Date(startsAt);
  const [row] = await t.deps.database.db
    .insert(timeSlots)
    .values({
      coachId,
      startsAt: start,
      endsAt: new Date(start.getTime() + (options.minutes ?? 60) * 60_000),
      isAvailable: options.isAvailable ?? true,
      isGroup: options.isGroup ?? false,
      capacity: options.capacity ?? 1,
      cancelledAt: options.cancelledAt ?? null,
      locationName: options.locationName === undefined ? "Field 1" : options.locationName,
    })
    .returning({ id: timeSlots.id });
  return row!.id;
}

export async function insertPlayer(
  t: TestApp,
  preferences: Partial<typeof users.$inferInsert> = {},
): Promise<{ userId: number; cookie: string }> {
  const db = t.deps.database.db;
  const [user] = await db
    .insert(users)
    .values({ email: uniqueEmail("player"), userType: "player", firstName: "Pat", lastName: "Player", ...preferences })
    .returning({ id: users.id });
  const { token } = await startSession(db, user!.id, t.deps.clock.now());
  return { userId: user!.id, cookie: `sid=${token}` };
}

export async function setPreferences(t: TestApp, userId: number, preferences: Partial<typeof users.$inferInsert>): Promise<void> {
  await t.deps.database.db.update(users).set(preferences).where(eq(users.id, userId));
}

/** A new player books the slot through the API, as a family does (the service announces it); its seat is held. */
export async function bookThroughApi(t: TestApp, coachId: number, slotId: number): Promise<void> {
  const [rate] = await t.deps.database.db.select({ id: rates.id }).from(rates).where(eq(rates.coachId, coachId));
  const player = await insertPlayer(t, { phoneNumber: "4105551234" });
  const booked = await request(t.app)
    .post("/api/bookings")
    .set("Cookie", player.cookie)
    .send({ timeSlotId: slotId, rateId: rate!.id, sessionType: "individual", duration: 60 });
  if (booked.status !== 201) throw new Error(`booking answered ${booked.status}: ${booked.text}`);
}

/** A booking of a slot, inserted directly, holding (or not) a seat. */
export { insertBooking } from "@tests/factories/slot-helpers";

/** A student's review of a booking, written straight into the table (as another process would). */
export async function insertReview(t: TestApp, bookingId: number, coachId: number, studentId: number, rating: number): Promise<void> {
  await t.deps.database.db.insert(reviews).values({ bookingId, coachId, studentId, comment: "Great session", rating });
  coachDirectoryFor(t.deps).invalidate(coachId);
}

/** A slot as a search card and a profile show it: the slot list's fields that a listing carries. */
export const slotCardOf = ({ id, date, startTime, endTime, isGroup, capacity, locationName, timeZone }: TimeSlot) => ({
  id,
  date,
  startTime,
  endTime,
  isGroup,
  capacity,
  locationName,
  timeZone,
});
