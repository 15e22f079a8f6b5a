import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { BookingRequestSchema } from "@contract/bookings";
import { DEFAULT_BOOKING_DURATION } from "@contract/booking-basics";
import type { AppDeps } from "../../deps";
import { boundTo, type Db } from "../../db/client";
import { coaches, rates, timeSlots, users } from "../../db/schema/index";
import { returnedRow, rowsOf } from "../../db/sql";
import { takeAnswer, withStatements, type EventBus } from "../../realtime/event-bus";
import { AppError } from "../../http/errors";
import { bookSlot } from "./book-slot.service";

/** Bookings made (and undone) on each connection: enough for the booking's code to be compiled and its statements planned. */
const BOOKINGS_PER_CONNECTION = 3;

/** The warm-up's transaction ends this way: nothing it wrote is ever committed. */
class UndoWarmUp extends Error {}

/** The warm-up's changes are never committed, so nobody hears of them. */
const silentEvents: EventBus = {
  publish: async () => {},
  publishInTransaction: async () => () => {},
  // The write still runs (rolled back with the rest); only the events are left out.
  publishWithStatements: async (tx, statements, _events, answer) => {
    takeAnswer(rowsOf(await tx.execute(withStatements(statements, sql`select 1`, answer))), answer);
    return () => {};
  },
  subscribe: async () => async () => {},
};

/**
 * Readies the booking before the server listens (main.ts; the booking benchmark's server the same
 * way): on every database connection, a coach with a slot for each booking and a player are made,
 * the player books each slot through the whole POST /api/bookings service (bookSlot: the checks,
 * the seat's transaction, the answer's read) and another player is refused the first, full one;
 * then everything is rolled back. Without it the first bookings after a start ran the code and the
 * insert statements cold, and waited for each other: in the contention benchmark the first fifth
 * of the requests answered at p95 280-510 ms against 20-60 ms later (docs/performance-log.md,
 * 27 November 2026, afternoon). Returns the number of bookings made.
 */
export async function warmUpBooking(deps: AppDeps): Promise<number> {
  let made = 0;
  await deps.database.openConnections(async (db) => {
    // Awaited first: `made += await ...` would read `made` before the other connections add to it.
    const onConnection = await warmUpOn(deps, db);
    made += onConnection;
  });
  return made;
}

async function warmUpOn(deps: AppDeps, connection: Db): Promise<number> {
  let made = 0;
  try {
    await connection.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const on: AppDeps = { ...deps, database: boundTo(deps.database, db), events: silentEvents };
      const tag = randomUUID();
      const person = async (userType: "coach" | "player", name: string) =>
        returnedRow(
          await db
            .insert(users)
            .values({ email: `warm-up-${name}-${tag}@warm-up.invalid`, userType, firstName: "Warm", lastName: "Up" })
            .returning(),
          "a warm-up user",
        );
      const coachUser = await person("coach", "coach");
      const player = await person("player", "player");
      const other = await person("player", "other");
      const coach = returnedRow(
        await db
          .insert(coaches)
          .values({ userId: coachUser.id, title: "Warm-up", zipcode: "00000", timeZone: "America/New_York", specializations: [] })
          .returning(),
        "the warm-up coach",
      );
      const rate = returnedRow(
        await db
          .insert(rates)
          .values({ coachId: coach.id, sessionType: "individual", durationMinutes: DEFAULT_BOOKING_DURATION, rateCents: 5000 })
          .returning(),
        "the warm-up rate",
      );
      const now = deps.clock.now().getTime();
      const slots = await db
        .insert(timeSlots)
        .values(
          Array.from({ length: BOOKINGS_PER_CONNECTION }, (_, i) => ({
            coachId: coach.id,
            startsAt: new Date(now + (i + 2) * 86_400_000),
            endsAt: new Date(now + (i + 2) * 86_400_000 + DEFAULT_BOOKING_DURATION * 60_000),
          })),
        )
        .returning();
      const request = (timeSlotId: number) =>
        BookingRequestSchema.parse({ timeSlotId, rateId: rate.id, sessionType: "individual", duration: DEFAULT_BOOKING_DURATION });
      for (const slot of slots) {
        await bookSlot(on, player, request(slot.id), "warm-up");
        made++;
      }
      const refused = await bookSlot(on, other, request(returnedRow(slots, "a warm-up slot").id), "warm-up").then(
        () => false,
        (err: unknown) => err instanceof AppError && err.status === 409,
      );
      if (!refused) throw new Error("booking warm-up: a full slot was not refused");
      throw new UndoWarmUp();
    });
  } catch (err) {
    if (!(err instanceof UndoWarmUp)) throw err;
  }
  return made;
}
