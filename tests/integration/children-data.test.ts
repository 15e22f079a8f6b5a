import { eq, sql } from "drizzle-orm";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { ChildrenMessages } from "@contract/children";
import { FamilyMessages } from "@contract/families";
import { PRIVACY_POLICY_VERSION } from "@contract/children";
import { ageRuleToday } from "@contract/players";
import { athletes, bookings } from "@server/db/schema/index";
import { rowsOf } from "@server/db/sql";
import { createPaidBooking } from "@tests/factories/paid-booking";
import { createPerson, get, post, type Person } from "@tests/factories/bookings";
import { useTestApp } from "@tests/support/test-app";

// DESIGN.md 12, "Guardians and children": consent for under 13, no account holder under 13, export, erasure, photos.
const t = useTestApp();

/** A birthday `years` years before the age rule's today (YYYY-MM-DD). */
function yearsAgo(years: number): string {
  const today = ageRuleToday(t.deps.clock.now());
  return `${Number(today.slice(0, 4)) - years}${today.slice(4)}`;
}
const child = (overrides: object = {}) => ({
  firstName: "Mia",
  lastName: "Parker",
  birthday: yearsAgo(9),
  position: "Attack",
  ...overrides,
});
const consent = { policyVersion: PRIVACY_POLICY_VERSION };
const put = (path: string, who: Person, body: object) => request(t.app).put(path).set("Cookie", who.cookie).send(body);
const del = (path: string, who: Person) => request(t.app).delete(path).set("Cookie", who.cookie);

async function consentRows(athleteId: number) {
  return rowsOf<{ guardian_user_id: number; policy_version: string; ip_address: string | null; created_at: unknown }>(
    await t.deps.database.db.execute(sql`select * from athlete_consents where athlete_id = ${athleteId}`),
  );
}

describe("consent for an athlete under 13", () => {
  it("a child under 13 is added only with the guardian's consent, which is kept (who, when, version, address)", async () => {
    const parent = await createPerson(t);
    const refused = await post(t, "/api/athletes", parent.cookie, child());
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(ChildrenMessages.CONSENT_REQUIRED);
    expect((await get(t, "/api/athletes", parent.cookie)).body).toHaveLength(1);

    const added = await post(t, "/api/athletes", parent.cookie, child({ consent }));
    expect(added.status).toBe(201);
    const [row] = await consentRows(added.body.id);
    expect(row).toMatchObject({ guardian_user_id: parent.userId, policy_version: PRIVACY_POLICY_VERSION });
    expect(row!.ip_address).toBeTruthy();

    // A teenager needs none.
    expect((await post(t, "/api/athletes", parent.cookie, child({ firstName: "Leo", birthday: yearsAgo(14) }))).status).toBe(201);
  });

  it("a birthday changed to under 13 needs consent too; nothing changes without it", async () => {
    const parent = await createPerson(t);
    const teen = await post(t, "/api/athletes", parent.cookie, child({ birthday: yearsAgo(15) }));
    expect(teen.status).toBe(201);
    const refused = await put(`/api/athletes/${teen.body.id}`, parent, { birthday: yearsAgo(10) });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(ChildrenMessages.CONSENT_REQUIRED);
    expect((await get(t, `/api/athletes/${teen.body.id}`, parent.cookie)).body.birthday).toBe(yearsAgo(15));

    const changed = await put(`/api/athletes/${teen.body.id}`, parent, {
      birthday: yearsAgo(10),
      consent: { policyVersion: "2026-01-01" },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.birthday).toBe(yearsAgo(10));
    expect((await consentRows(teen.body.id)).map((r) => r.policy_version)).toEqual(["2026-01-01"]);
    // Other fields of a child change without asking again.
    expect((await put(`/api/athletes/${teen.body.id}`, parent, { school: "Roland Park" })).status).toBe(200);
  });

  it("an account holder under 13 is refused: a parent makes the account and adds the child", async () => {
    const player = await createPerson(t);
    const res = await request(t.app)
      .patch("/api/users/profile")
      .set("Cookie", player.cookie)
      .send({ birthday: yearsAgo(11) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(ChildrenMessages.ACCOUNT_UNDER_13);
    expect((await get(t, "/api/auth/user", player.cookie)).body.birthday).toBeNull();
  });
});

describe("export and erasure of an athlete", () => {
  it("a guardian downloads everything held about the athlete; another family gets 404", async () => {
    const paid = await createPaidBooking(t);
    const [first] = (await get(t, "/api/athletes", paid.student.cookie)).body as { id: number }[];
    const res = await get(t, `/api/athletes/${first!.id}/export`, paid.student.cookie);
    expect(res.status).toBe(200);
    expect(res.headers["content-disposition"]).toContain("attachment");
    expect(res.body.athlete).toMatchObject({ id: first!.id });
    expect(res.body.bookings).toEqual([expect.objectContaining({ id: paid.bookingId, status: "confirmed" })]);
    for (const key of ["consents", "sessionRequests", "feedback", "skillRatings", "messages", "creditsUsed"]) {
      expect(Array.isArray(res.body[key])).toBe(true);
    }
    const stranger = await createPerson(t);
    expect((await get(t, `/api/athletes/${first!.id}/export`, stranger.cookie)).status).toBe(404);
    expect((await get(t, `/api/athletes/${first!.id}/export`, paid.coach.cookie)).status).toBe(403);
  });

  it("erasure removes the athlete's personal data and keeps the money records, anonymised", async () => {
    const paid = await createPaidBooking(t);
    const second = await post(t, "/api/athletes", paid.student.cookie, child({ school: "Gilman", consent }));
    expect(second.status).toBe(201);
    // Move the paid, now past session onto the child, then erase the child.
    await t.deps.database.db
      .update(bookings)
      .set({ athleteId: second.body.id, notes: "Mia is shy", status: "completed" })
      .where(eq(bookings.id, paid.bookingId));

    const stranger = await createPerson(t);
    expect((await del(`/api/athletes/${second.body.id}`, stranger)).status).toBe(404);

    const erased = await del(`/api/athletes/${second.body.id}`, paid.student);
    expect(erased.status).toBe(200);
    const [row] = await t.deps.database.db.select().from(athletes).where(eq(athletes.id, second.body.id));
    expect(row).toMatchObject({ firstName: "Removed", lastName: "athlete", birthday: null, school: null, photoUrl: null, position: null });
    expect(row!.removedAt).not.toBeNull();
    const [booking] = await t.deps.database.db.select().from(bookings).where(eq(bookings.id, paid.bookingId));
    expect(booking).toMatchObject({ notes: null, totalCents: expect.any(Number), paymentStatus: "completed" });

    // The family keeps working: its list no longer holds the child, the booking still reads, anonymised.
    expect(((await get(t, "/api/athletes", paid.student.cookie)).body as { id: number }[]).map((a) => a.id)).not.toContain(second.body.id);
    const read = await get(t, `/api/bookings/${paid.bookingId}`, paid.student.cookie);
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.body)).not.toContain("Mia");
    expect((await get(t, `/api/athletes/${second.body.id}/export`, paid.student.cookie)).status).toBe(404);
  });

  it("erasure waits for an upcoming paid session (409) and keeps the family's last athlete (409)", async () => {
    const paid = await createPaidBooking(t);
    const [first] = (await get(t, "/api/athletes", paid.student.cookie)).body as { id: number }[];
    const extra = await post(t, "/api/athletes", paid.student.cookie, child({ birthday: yearsAgo(15) }));
    const upcoming = await del(`/api/athletes/${first!.id}`, paid.student);
    expect(upcoming.status).toBe(409);
    expect(upcoming.body.message).toBe(FamilyMessages.ATHLETE_HAS_BOOKINGS);
    expect((await del(`/api/athletes/${extra.body.id}`, paid.student)).status).toBe(200);

    const lone = await createPerson(t);
    const [only] = (await get(t, "/api/athletes", lone.cookie)).body as { id: number }[];
    const last = await del(`/api/athletes/${only!.id}`, lone);
    expect(last.status).toBe(409);
    expect(last.body.message).toBe(FamilyMessages.LAST_ATHLETE);
  });
});

describe("an athlete's photo", () => {
  async function upload(who: Person): Promise<string> {
    const sharp = (await import("sharp")).default;
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#3366cc" } })
      .png()
      .toBuffer();
    const res = await request(t.app).post("/api/upload").set("Cookie", who.cookie).attach("photo", png, "kid.png");
    expect(res.status).toBe(201);
    return res.body.url as string;
  }

  it("can be deleted only by its family: another account that names it as its own photo and drops it removes nothing", async () => {
    const parent = await createPerson(t);
    const url = await upload(parent);
    const kid = await post(t, "/api/athletes", parent.cookie, child({ birthday: yearsAgo(14), photoUrl: url }));
    expect(kid.status).toBe(201);

    const stranger = await createPerson(t);
    const claim = await request(t.app).patch("/api/users/profile").set("Cookie", stranger.cookie).send({ profileImageUrl: url });
    expect(claim.status).toBe(200);
    expect((await request(t.app).patch("/api/users/profile").set("Cookie", stranger.cookie).send({ profileImageUrl: null })).status).toBe(
      200,
    );
    expect((await request(t.app).get(url)).status).toBe(200);

    // The family removes it: the file goes.
    expect((await put(`/api/athletes/${kid.body.id}`, parent, { photoUrl: null })).status).toBe(200);
    expect((await request(t.app).get(url)).status).toBe(404);
  });
});
