import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { athletesOfFamily, familyIdOfUser, guardianIdsOfFamily } from "@server/db/families";
import { bookings, familyGuardians } from "@server/db/schema/index";
import { rowsOf } from "@server/db/sql";
import { createPaidBooking } from "@tests/factories/paid-booking";
import { startTestApp, type TestApp } from "@tests/support/test-app";

describe("families: every player belongs to one family, whose first athlete is their own profile", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("a booking made without naming an athlete is for the family's first athlete", async () => {
    const paid = await createPaidBooking(t, { studentName: "Riley" });
    const db = t.deps.database.db;
    const familyId = (await familyIdOfUser(db, paid.student.userId))!;
    const [first] = await athletesOfFamily(db, familyId);
    expect(first?.firstName).toBe("Riley");
    const [row] = await db.select({ athleteId: bookings.athleteId }).from(bookings).where(eq(bookings.id, paid.bookingId));
    expect(row?.athleteId).toBe(first?.id);
    expect(await guardianIdsOfFamily(db, familyId)).toEqual([paid.student.userId]);
  });

  it("first uses at once make one family", async () => {
    const db = t.deps.database.db;
    const [user] = rowsOf<{ id: number }>(
      await db.execute(sql`insert into users (email, first_name, last_name) values ('fam-race@example.com', 'Sam', 'Lee') returning id`),
    );
    const ids = await Promise.all(Array.from({ length: 6 }, () => familyIdOfUser(db, Number(user?.id))));
    expect(new Set(ids).size).toBe(1);
    const rows = await db
      .select()
      .from(familyGuardians)
      .where(eq(familyGuardians.userId, Number(user?.id)));
    expect(rows).toHaveLength(1);
    expect(await athletesOfFamily(db, ids[0]!)).toHaveLength(1);
  });
});
