import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { warmUpBooking } from "@server/features/bookings/booking-warm-up";
import { rowsOf } from "@server/db/sql";
import { bookSlot, createBookableCoach, createPerson, createSlot } from "@tests/factories/bookings";
import { startTestApp, type TestApp } from "@tests/support/test-app";

describe("the booking's warm-up before the server listens", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const counts = async () =>
    rowsOf<Record<string, number>>(
      await t.deps.database.db
        .execute(sql`select (select count(*) from users)::int as users, (select count(*) from coaches)::int as coaches,
        (select count(*) from rates)::int as rates, (select count(*) from time_slots)::int as slots,
        (select count(*) from bookings)::int as bookings, (select count(*) from families)::int as families`),
    )[0];

  it("books on every connection and leaves nothing behind: no row, no event", async () => {
    const coach = await createBookableCoach(t);
    const before = await counts();
    const announced: unknown[] = [];
    const stop = t.deps.events.onPublish!((event) => announced.push(event));

    const made = await warmUpBooking(t.deps);

    stop();
    // Three bookings on each connection: PGlite has one, a PostgreSQL server's pool ten.
    expect(made).toBe(t.deps.database.kind === "pglite" ? 3 : 30);
    expect(await counts()).toEqual(before);
    expect(announced).toEqual([]);

    // The marketplace books as before.
    const player = await createPerson(t);
    const slot = await createSlot(t, coach.coachId);
    await expect(bookSlot(t, player, coach, slot.id)).resolves.toMatchObject({ id: expect.any(Number) });
  });
});
