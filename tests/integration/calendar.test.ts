import request from "supertest";
import { describe, expect, it } from "vitest";
import { CalendarMessages } from "@contract/calendar";
import { bookSlot, createBookableCoach, createPerson, createSlot, get, post } from "@tests/factories/bookings";
import { createPaidBooking } from "@tests/factories/paid-booking";
import { attachedCalendar, parseCalendar } from "@tests/support/ics";
import { useTestApp } from "@tests/support/test-app";

const t = useTestApp();

const mailTo = (email: string, subjectStart: string) =>
  t.outbox().filter((m) => m.channel === "email" && m.recipient === email && m.headers.Subject?.startsWith(subjectStart));

describe("calendar invitations in e-mails", () => {
  it("confirmation e-mails carry an .ics in the coach's zone with TZID and a stable UID", async () => {
    const coach = await createBookableCoach(t, { timeZone: "America/Chicago" });
    const paid = await createPaidBooking(t, { coach, hoursFromNow: 48 });
    const booking = (await get(t, `/api/bookings/${paid.bookingId}`, paid.student.cookie)).body;

    for (const [email, subject] of [
      [paid.student.email, "Booking confirmed"],
      [coach.email, "New booking"],
    ] as const) {
      const mails = mailTo(email, subject);
      expect(mails).toHaveLength(1);
      const calendar = attachedCalendar(mails[0]!)!;
      expect(calendar.method).toBe("REQUEST");
      expect(calendar.timezones).toEqual(["America/Chicago"]);
      expect(calendar.events).toHaveLength(1);
      const event = calendar.events[0]!;
      expect(event.uid).toBe(`booking-${paid.bookingId}@localhost`);
      expect(event.tzid).toBe("America/Chicago");
      // Written as the coach's wall clock, and the same instant once resolved through the VTIMEZONE.
      expect(event.localStart).toBe(booking.startTime);
      expect(event.startsAt.toISOString()).toBe(booking.startsAt);
      expect(event.endsAt.toISOString()).toBe(booking.endsAt);
      expect(event.location).toBe("Memorial Field");
      expect(event.status).toBe("CONFIRMED");
    }
    expect(attachedCalendar(mailTo(paid.student.email, "Booking confirmed")[0]!)!.events[0]!.summary).toBe(
      "Lacrosse session with Casey Coach",
    );
  });

  it("a coach's cancellation e-mail carries a cancelling .ics with the same UID", async () => {
    const paid = await createPaidBooking(t, { hoursFromNow: 48 });
    const res = await post(t, `/api/bookings/${paid.bookingId}/cancel`, paid.coach.cookie, { reason: "Field closed" });
    expect(res.status).toBe(200);
    const mails = mailTo(paid.student.email, "Session cancelled");
    expect(mails).toHaveLength(1);
    const calendar = attachedCalendar(mails[0]!)!;
    expect(calendar.method).toBe("CANCEL");
    expect(calendar.events[0]).toMatchObject({ uid: `booking-${paid.bookingId}@localhost`, status: "CANCELLED", sequence: 1 });
  });
});

describe("GET /api/bookings/:id/calendar.ics", () => {
  it("gives the student and the coach the session's .ics; others get 404; an unpaid hold 409", async () => {
    const paid = await createPaidBooking(t, { hoursFromNow: 30 });
    const file = await get(t, `/api/bookings/${paid.bookingId}/calendar.ics`, paid.student.cookie);
    expect(file.status).toBe(200);
    expect(file.headers["content-type"]).toContain("text/calendar");
    expect(file.headers["content-disposition"]).toContain("attachment");
    expect(parseCalendar(file.text).events[0]!.uid).toBe(`booking-${paid.bookingId}@localhost`);
    const forCoach = await get(t, `/api/bookings/${paid.bookingId}/calendar.ics`, paid.coach.cookie);
    expect(parseCalendar(forCoach.text).events[0]!.summary).toBe("Lacrosse session: Pat Player");

    const stranger = await createPerson(t, "player");
    expect((await get(t, `/api/bookings/${paid.bookingId}/calendar.ics`, stranger.cookie)).status).toBe(404);
    expect((await request(t.app).get(`/api/bookings/${paid.bookingId}/calendar.ics`)).status).toBe(401);

    const slot = await createSlot(t, paid.coach.coachId, { hoursFromNow: 60 });
    const hold = await bookSlot(t, stranger, paid.coach, slot.id);
    const refused = await get(t, `/api/bookings/${hold.id}/calendar.ics`, stranger.cookie);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(CalendarMessages.NOT_CONFIRMED);
  });
});

describe("the private calendar feed", () => {
  it("lists every session of the user, as student or coach, until the token is revoked", async () => {
    const coach = await createBookableCoach(t, { timeZone: "America/Denver" });
    const first = await createPaidBooking(t, { coach, hoursFromNow: 30 });
    const second = await createPaidBooking(t, { coach, hoursFromNow: 54, student: first.student });
    // Someone else's session and an unpaid hold never appear.
    await createPaidBooking(t, { hoursFromNow: 40 });
    const slot = await createSlot(t, coach.coachId, { hoursFromNow: 80 });
    await bookSlot(t, first.student, coach, slot.id);

    const token = await get(t, "/api/calendar/token", first.student.cookie);
    expect(token.status).toBe(200);
    expect(token.body.url).toBe(`http://localhost:5000/api/calendar.ics?token=${encodeURIComponent(token.body.token)}`);
    expect((await get(t, "/api/calendar/token", first.student.cookie)).body.token).toBe(token.body.token);

    const feed = await request(t.app).get("/api/calendar.ics").query({ token: token.body.token });
    expect(feed.status).toBe(200);
    expect(feed.headers["content-type"]).toContain("text/calendar");
    expect(feed.headers["cache-control"]).toBe("no-store");
    const parsed = parseCalendar(feed.text);
    expect(parsed.method).toBeNull();
    expect(parsed.events.map((e) => e.uid)).toEqual([`booking-${first.bookingId}@localhost`, `booking-${second.bookingId}@localhost`]);
    expect(parsed.events.every((e) => e.tzid === "America/Denver")).toBe(true);
    expect(parsed.events[0]!.startsAt.getTime()).toBe(first.slot.startsAt.getTime());

    const coachToken = (await get(t, "/api/calendar/token", coach.cookie)).body.token as string;
    expect(coachToken).not.toBe(token.body.token);
    const coachFeed = parseCalendar((await request(t.app).get("/api/calendar.ics").query({ token: coachToken })).text);
    expect(coachFeed.events.map((e) => e.uid)).toEqual([`booking-${first.bookingId}@localhost`, `booking-${second.bookingId}@localhost`]);

    // A cancelled session stays in the feed as cancelled, so subscribed calendars drop it.
    expect((await post(t, `/api/bookings/${second.bookingId}/cancel`, coach.cookie, { reason: "Rain" })).status).toBe(200);
    const afterCancel = parseCalendar((await request(t.app).get("/api/calendar.ics").query({ token: token.body.token })).text);
    expect(afterCancel.events.map((e) => e.status)).toEqual(["CONFIRMED", "CANCELLED"]);

    const revoked = await request(t.app)
      .delete("/api/calendar/token")
      .set("Cookie", first.student.cookie)
      .set("Content-Type", "application/json")
      .send({});
    expect(revoked.status).toBe(200);
    const gone = await request(t.app).get("/api/calendar.ics").query({ token: token.body.token });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(CalendarMessages.FEED_NOT_FOUND);
    const fresh = (await get(t, "/api/calendar/token", first.student.cookie)).body.token as string;
    expect(fresh).not.toBe(token.body.token);
    expect((await request(t.app).get("/api/calendar.ics").query({ token: fresh })).status).toBe(200);
    // The coach's own link was not touched.
    expect((await request(t.app).get("/api/calendar.ics").query({ token: coachToken })).status).toBe(200);
  });

  it.each([
    ["", 400],
    ["abc", 404],
    ["1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", 404],
    ["999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", 404],
  ])("answers a bad token %j with %i", async (token, status) => {
    const res = await request(t.app).get("/api/calendar.ics").query({ token });
    expect(res.status).toBe(status);
  });

  it("a forged token for another user does not open their feed", async () => {
    const victim = await createPaidBooking(t, { hoursFromNow: 30 });
    const attacker = await createPerson(t, "player");
    await get(t, "/api/calendar/token", victim.student.cookie);
    const own = (await get(t, "/api/calendar/token", attacker.cookie)).body.token as string;
    const forged = `${victim.student.userId}.${own.split(".")[1]}`;
    expect((await request(t.app).get("/api/calendar.ics").query({ token: forged })).status).toBe(404);
    expect((await request(t.app).get("/api/calendar/token")).status).toBe(401);
  });
});
