import request from "supertest";
import { describe, expect, it } from "vitest";
import { LIST_PAGE_SIZE, PagingMessages, SLOTS_PAGE_SIZE } from "@contract/paging";
import { bookings, sessionRequests, timeSlots } from "@server/db/schema/index";
import { createBookableCoach, createPerson, get, type BookableCoach, type Person } from "@tests/factories/bookings";
import { useTestApp } from "@tests/support/test-app";

/**
 * Decision 012 and issue 28 ("every list that can grow pages with the search's cursor
 * convention"): a coach's slots, the family's and the coach's bookings, and the session requests
 * answer one page in the spec's shape (a JSON array); when more follow, `X-Next-Cursor` names the
 * next page, which `?cursor=` reads. Without a cursor the answer is what it always was.
 */
const t = useTestApp();

const db = () => t.deps.database.db;
const HOUR = 3_600_000;

/** A future hour on the clock, `i` hours after the next whole hour a day ahead. */
const hourAhead = (i: number) => new Date((Math.ceil(t.deps.clock.now().getTime() / HOUR) + 24 + i) * HOUR);

/** Follows X-Next-Cursor from `path` to the end; answers every page's ids and the cursors it was given. */
async function readAllPages(path: string, cookie?: string): Promise<{ pages: number[][]; cursors: string[] }> {
  const pages: number[][] = [];
  const cursors: string[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 10; i++) {
    const url = cursor ? `${path}${path.includes("?") ? "&" : "?"}cursor=${cursor}` : path;
    const res = cookie ? await get(t, url, cookie) : await request(t.app).get(url);
    expect(res.status, url).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    pages.push((res.body as { id: number }[]).map((item) => item.id));
    cursor = res.headers["x-next-cursor"] as string | undefined;
    if (!cursor) break;
    cursors.push(cursor);
  }
  return { pages, cursors };
}

async function insertSlots(coach: BookableCoach, count: number): Promise<number[]> {
  const rows = await db()
    .insert(timeSlots)
    .values(
      Array.from({ length: count }, (_, i) => ({
        coachId: coach.coachId,
        startsAt: hourAhead(i),
        endsAt: new Date(hourAhead(i).getTime() + HOUR / 2),
      })),
    )
    .returning({ id: timeSlots.id });
  return rows.map((r) => r.id);
}

/** `count` past sessions of the player with the coach, one per slot, all made in one statement (one created_at: ties broken by id). */
async function insertCompletedBookings(coach: BookableCoach, player: Person, count: number): Promise<number[]> {
  const slotIds = await insertSlots(coach, count);
  const rows = await db()
    .insert(bookings)
    .values(
      slotIds.map((timeSlotId, i) => ({
        studentId: player.userId,
        coachId: coach.coachId,
        timeSlotId,
        sessionType: "individual" as const,
        durationMinutes: 60,
        rateCents: 8500,
        platformFeeCents: 1275,
        totalCents: 9775,
        coachEarningsCents: 8500,
        startsAt: hourAhead(i),
        endsAt: new Date(hourAhead(i).getTime() + HOUR / 2),
        status: "completed" as const,
        paymentStatus: "completed" as const,
      })),
    )
    .returning({ id: bookings.id });
  return rows.map((r) => r.id);
}

async function insertRequests(coach: BookableCoach, player: Person, count: number): Promise<number[]> {
  const rows = await db()
    .insert(sessionRequests)
    .values(
      Array.from({ length: count }, (_, i) => ({
        studentId: player.userId,
        coachId: coach.coachId,
        requestedStartsAt: hourAhead(i),
        requestedEndsAt: new Date(hourAhead(i).getTime() + HOUR),
        sessionType: "individual" as const,
        durationMinutes: 60,
        rateCents: 8500,
        totalCents: 9775,
        status: "declined" as const,
      })),
    )
    .returning({ id: sessionRequests.id });
  return rows.map((r) => r.id);
}

function expectBadCursor(res: request.Response) {
  expect(res.status).toBe(400);
  expect(res.body.message).toBe(PagingMessages.CURSOR);
}

describe("GET /api/time-slots/{coachId} pages", () => {
  it(`answers ${SLOTS_PAGE_SIZE} slots in start order, then the rest from X-Next-Cursor, for the public and for the coach`, async () => {
    const coach = await createBookableCoach(t);
    const ids = await insertSlots(coach, SLOTS_PAGE_SIZE + 3);

    for (const [path, cookie] of [
      [`/api/time-slots/${coach.coachId}`, undefined],
      [`/api/time-slots/${coach.coachId}?includeBookingCounts=true`, coach.cookie],
    ] as const) {
      const { pages, cursors } = await readAllPages(path, cookie);
      expect(pages.map((p) => p.length)).toEqual([SLOTS_PAGE_SIZE, 3]);
      expect(cursors).toEqual([String(ids[SLOTS_PAGE_SIZE - 1])]);
      expect(pages.flat()).toEqual(ids);
    }
  });

  it("answers one page without a header when everything fits, and refuses a cursor that is not one of the list's", async () => {
    const coach = await createBookableCoach(t);
    const ids = await insertSlots(coach, 3);
    const first = await request(t.app).get(`/api/time-slots/${coach.coachId}`);
    expect(first.status).toBe(200);
    expect(first.body.map((s: { id: number }) => s.id)).toEqual(ids);
    expect(first.headers["x-next-cursor"]).toBeUndefined();

    const other = await createBookableCoach(t);
    const [otherSlot] = await insertSlots(other, 1);
    expectBadCursor(await request(t.app).get(`/api/time-slots/${coach.coachId}?cursor=${otherSlot}`));
    expectBadCursor(await request(t.app).get(`/api/time-slots/${coach.coachId}?cursor=abc`));
    expectBadCursor(await request(t.app).get(`/api/time-slots/${coach.coachId}?cursor=0`));
    // The last slot as a cursor: nothing after it.
    const after = await request(t.app).get(`/api/time-slots/${coach.coachId}?cursor=${ids[2]}`);
    expect(after.status).toBe(200);
    expect(after.body).toEqual([]);
  });
});

describe("GET /api/bookings/student and /api/bookings/coach page", () => {
  it(`answer ${LIST_PAGE_SIZE} bookings a page, newest first, ties broken by id, with no booking twice or left out`, async () => {
    const coach = await createBookableCoach(t);
    const player = await createPerson(t);
    const ids = await insertCompletedBookings(coach, player, LIST_PAGE_SIZE + 5);

    // The family's: most recently made first; one statement made them all at once, so by id, newest first.
    const family = await readAllPages("/api/bookings/student", player.cookie);
    expect(family.pages.map((p) => p.length)).toEqual([LIST_PAGE_SIZE, 5]);
    expect(family.pages.flat()).toEqual([...ids].reverse());

    // The coach's: latest session first.
    const coachPages = await readAllPages("/api/bookings/coach", coach.cookie);
    expect(coachPages.pages.map((p) => p.length)).toEqual([LIST_PAGE_SIZE, 5]);
    expect(coachPages.pages.flat()).toEqual([...ids].reverse());
  });

  it("keep the spec's answer without a cursor when it fits, and refuse another family's or coach's booking as a cursor", async () => {
    const coach = await createBookableCoach(t);
    const player = await createPerson(t);
    const ids = await insertCompletedBookings(coach, player, 2);
    const mine = await get(t, "/api/bookings/student", player.cookie);
    expect(mine.status).toBe(200);
    expect(mine.body.map((b: { id: number }) => b.id)).toEqual([...ids].reverse());
    expect(mine.headers["x-next-cursor"]).toBeUndefined();

    const stranger = await createPerson(t);
    const otherCoach = await createBookableCoach(t);
    expectBadCursor(await get(t, `/api/bookings/student?cursor=${ids[0]}`, stranger.cookie));
    expectBadCursor(await get(t, `/api/bookings/coach?cursor=${ids[0]}`, otherCoach.cookie));
    expectBadCursor(await get(t, "/api/bookings/coach?cursor=-1", coach.cookie));
    expect((await get(t, `/api/bookings/coach?cursor=${ids[1]}`, coach.cookie)).body.map((b: { id: number }) => b.id)).toEqual([ids[0]]);
  });
});

describe("GET /api/session-requests/student and /coach/{coachId} page", () => {
  it(`answer ${LIST_PAGE_SIZE} requests a page, newest first, and refuse a cursor of another list`, async () => {
    const coach = await createBookableCoach(t);
    const player = await createPerson(t);
    const ids = await insertRequests(coach, player, LIST_PAGE_SIZE + 2);

    const family = await readAllPages("/api/session-requests/student", player.cookie);
    expect(family.pages.map((p) => p.length)).toEqual([LIST_PAGE_SIZE, 2]);
    expect(family.pages.flat()).toEqual([...ids].reverse());

    const coachPages = await readAllPages(`/api/session-requests/coach/${coach.coachId}`, coach.cookie);
    expect(coachPages.pages.map((p) => p.length)).toEqual([LIST_PAGE_SIZE, 2]);
    expect(coachPages.pages.flat()).toEqual([...ids].reverse());

    const stranger = await createPerson(t);
    expectBadCursor(await get(t, `/api/session-requests/student?cursor=${ids[0]}`, stranger.cookie));
    const otherCoach = await createBookableCoach(t);
    expectBadCursor(await get(t, `/api/session-requests/coach/${otherCoach.coachId}?cursor=${ids[0]}`, otherCoach.cookie));
    // Another coach's list is still refused before its cursor is read.
    expect((await get(t, `/api/session-requests/coach/${coach.coachId}?cursor=${ids[0]}`, otherCoach.cookie)).status).toBe(403);
  });
});
