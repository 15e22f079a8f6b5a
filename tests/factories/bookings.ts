import { createHash } from "node:crypto";
import { uniqueEmail } from "@tests/factories/basics";
import request from "supertest";
import { coaches, rates, timeSlots, users } from "@server/db/schema/index";
import { startSession } from "@server/features/accounts/sessions.service";
import type { TestApp } from "@tests/support/test-app";

export type Person = { userId: number; cookie: string; email: string };
export type BookableCoach = Person & {
  coachId: number;
  rates: { individual30: number; individual60: number; group30?: number; group60: number };
};

const HOUR_MS = 3_600_000;

/**
 * A coach with rates (individual 30 $50.00, individual 60 $85.00, group 60 $40.00 by default),
 * written straight into the tables, and a session cookie.
 */
export async function createBookableCoach(
  t: TestApp,
  options: { timeZone?: string; rateCents?: Partial<Record<"individual30" | "individual60" | "group30" | "group60", number | null>> } = {},
): Promise<BookableCoach> {
  const db = t.deps.database.db;
  const email = uniqueEmail("coach");
  const [user] = await db
    .insert(users)
    .values({ email, userType: "coach", firstName: "Casey", lastName: "Coach" })
    .returning({ id: users.id });
  const [coach] = await db
    .insert(coaches)
    .values({
      userId: user!.id,
      title: "Former D1 Midfielder",
      bio: "Coach",
      zipcode: "21201",
      timeZone: options.timeZone ?? "America/New_York",
      specializations: ["Midfield"],
    })
    .returning({ id: coaches.id });
  const wanted = { individual30: 5000, individual60: 8500, group30: null, group60: 4000, ...options.rateCents };
  const ids: Record<string, number> = {};
  for (const [key, cents] of Object.entries(wanted)) {
    if (cents === null || cents === undefined) continue;
    const [sessionType, duration] = key.startsWith("group") ? ["group", Number(key.slice(5))] : ["individual", Number(key.slice(10))];
    const [row] = await db
      .insert(rates)
      .values({ coachId: coach!.id, sessionType: sessionType as "group" | "individual", durationMinutes: duration!, rateCents: cents })
      .returning({ id: rates.id });
    ids[key] = row!.id;
  }
  return {
    userId: user!.id,
    coachId: coach!.id,
    email,
    cookie: await cookieFor(t, user!.id),
    rates: ids as BookableCoach["rates"],
  };
}

export async function createPerson(
  t: TestApp,
  userType: "player" | "coach" | "admin" = "player",
  names: { firstName?: string } = {},
): Promise<Person> {
  const email = uniqueEmail(userType);
  const [user] = await t.deps.database.db
    .insert(users)
    .values({ email, userType, firstName: names.firstName ?? "Pat", lastName: "Player", phoneNumber: "4105551234" })
    .returning({ id: users.id });
  return { userId: user!.id, email, cookie: await cookieFor(t, user!.id) };
}

/** A slot starting `hoursFromNow` after the server clock's now, `lengthMinutes` long. */
export async function createSlot(
  t: TestApp,
  coachId: number,
  options: { hoursFromNow?: number; lengthMinutes?: number; isGroup?: boolean; capacity?: number } = {},
): Promise<{ id: number; startsAt: Date; endsAt: Date }> {
  // Whole quarter hours, so that start-time steps line up with the coach's wall clock.
  const base = Math.ceil(t.deps.clock.now().getTime() / (15 * 60_000)) * 15 * 60_000;
  const startsAt = new Date(base + (options.hoursFromNow ?? 48) * HOUR_MS);
  const endsAt = new Date(startsAt.getTime() + (options.lengthMinutes ?? 60) * 60_000);
  const isGroup = options.isGroup ?? false;
  const [row] = await t.deps.database.db
    .insert(timeSlots)
    .values({ coachId, startsAt, endsAt, isGroup, capacity: isGroup ? (options.capacity ?? 4) : 1, locationName: "Memorial Field" })
    .returning({ id: timeSlots.id });
  return { id: row!.id, startsAt, endsAt };
}

async function cookieFor(t: TestApp, userId: number): Promise<string> {
  const { token } = await startSession(t.deps.database.db, userId, t.deps.clock.now());
  return `sid=${token}`;
}

/**
 * A made-up client address per person (test apps trust loopback as a proxy): people are on
 * networks of their own, as in life, so unpaid holds limited per coach and address (DESIGN.md 10)
 * count each person's alone. Tests of that limit send one address themselves.
 */
export function addressOf(cookie: string): string {
  const digest = createHash("sha256").update(cookie).digest();
  return `10.${digest[0]}.${digest[1]}.${digest[2]}`;
}

/** A POST as the person with this cookie. */
export function post(t: TestApp, path: string, cookie: string, body: unknown) {
  return request(t.app)
    .post(path)
    .set("Cookie", cookie)
    .set("X-Forwarded-For", addressOf(cookie))
    .send(body as object);
}

export function get(t: TestApp, path: string, cookie: string) {
  return request(t.app).get(path).set("Cookie", cookie);
}

export type BookingOptions = {
  rateId?: number;
  sessionType?: "individual" | "group";
  duration?: 30 | 60;
  preferredStartTime?: string;
  /** Anything else the request carries (athleteId, athleteIds, payWith), sent as is. */
  extra?: object;
};

/**
 * POST /api/bookings as the student, with the coach's rate of the slot's kind and duration
 * (individual 60 minutes by default); answers the response whatever its status.
 */
export function requestBooking(t: TestApp, student: Person, coach: BookableCoach, slotId: number, options: BookingOptions = {}) {
  const sessionType = options.sessionType ?? "individual";
  const duration = options.duration ?? 60;
  const rateId =
    options.rateId ??
    (sessionType === "group" ? coach.rates.group60 : duration === 30 ? coach.rates.individual30 : coach.rates.individual60);
  return post(t, "/api/bookings", student.cookie, {
    timeSlotId: slotId,
    rateId,
    sessionType,
    duration,
    preferredStartTime: options.preferredStartTime,
    ...options.extra,
  });
}

/** Books a slot with the coach's rate of the slot's kind and duration; throws unless 201. */
export async function bookSlot(
  t: TestApp,
  student: Person,
  coach: BookableCoach,
  slotId: number,
  options: Omit<BookingOptions, "extra"> = {},
): Promise<{ id: number; totalAmount: string }> {
  const res = await requestBooking(t, student, coach, slotId, options);
  if (res.status !== 201) throw new Error(`bookSlot failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; totalAmount: string };
}
