import { advanceClock } from "@tests/factories/basics";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CANCEL_RULE_TEXT } from "@contract/calendar";
import { bootstrap } from "@server/boot";
import { users } from "@server/db/schema/index";
import type { AppDeps } from "@server/deps";
import { sendDueReminders } from "@server/features/calendar/calendar.service";
import { createBookableCoach, createPerson, createSlot } from "@tests/factories/bookings";
import { createPaidBooking } from "@tests/factories/paid-booking";
import { useTestApp } from "@tests/support/test-app";

const t = useTestApp();

const reminders = (recipient: string, channel: "email" | "sms" = "email") =>
  t
    .outbox()
    .filter(
      (m) =>
        m.channel === channel &&
        m.recipient === recipient &&
        (channel === "sms" ? m.body.startsWith("Reminder") : m.headers.Subject?.startsWith("Reminder")),
    );

const advance = (minutes: number) => advanceClock(t, minutes);

/** A second server process on the same database: its own pool (or the same embedded database), its own sweeps. */
async function secondInstance(): Promise<{ deps: AppDeps; close: () => Promise<void> }> {
  const shared = !t.deps.config.databaseUrl;
  const deps = await bootstrap(t.deps.config, { clock: t.deps.clock, ...(shared ? { database: t.deps.database } : {}) });
  return { deps, close: async () => (shared ? undefined : deps.database.close()) };
}

describe("session reminders", () => {
  it("go to each student and the coach once, 24 hours before, with place, time and zone and the cancel rule", async () => {
    const coach = await createBookableCoach(t, { timeZone: "America/Los_Angeles" });
    const slot = await createSlot(t, coach.coachId, { hoursFromNow: 48, isGroup: true, capacity: 4 });
    const texter = await createPerson(t, "player", { firstName: "Sam" });
    await t.deps.database.db.update(users).set({ smsOptIn: true }).where(eq(users.id, texter.userId));
    const quiet = await createPerson(t, "player", { firstName: "Riley" });
    await createPaidBooking(t, { coach, slot, isGroup: true, student: texter });
    await createPaidBooking(t, { coach, slot, isGroup: true, student: quiet });

    await advance(23 * 60 + 40);
    expect(reminders(texter.email)).toEqual([]);
    expect(reminders(coach.email)).toEqual([]);

    await advance(40);
    const time = new Intl.DateTimeFormat("en-US", {
      timeZone: "America/Los_Angeles",
      hour: "numeric",
      minute: "2-digit",
      timeZoneName: "short",
    }).format(slot.startsAt);
    for (const student of [texter, quiet]) {
      const mails = reminders(student.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.body).toContain("with Casey Coach");
      expect(mails[0]!.body).toContain(time);
      expect(mails[0]!.body).toMatch(/P[SD]T/);
      expect(mails[0]!.body).toContain("Where: Memorial Field");
      expect(mails[0]!.body).toContain(CANCEL_RULE_TEXT);
    }
    const coachMails = reminders(coach.email);
    expect(coachMails).toHaveLength(1);
    expect(coachMails[0]!.body).toContain("Sam Player");
    expect(coachMails[0]!.body).toContain("Riley Player");
    expect(coachMails[0]!.body).toContain(time);
    // SMS only where the person opted in.
    expect(reminders("4105551234", "sms").filter((m) => m.body.includes("Casey Coach"))).toHaveLength(1);

    await advance(5);
    await advance(5);
    expect(reminders(texter.email)).toHaveLength(1);
    expect(reminders(quiet.email)).toHaveLength(1);
    expect(reminders(coach.email)).toHaveLength(1);
  });

  it("a session booked less than 24 hours ahead gets no reminder", async () => {
    const paid = await createPaidBooking(t, { hoursFromNow: 10 });
    await advance(5);
    expect(reminders(paid.student.email)).toEqual([]);
    expect(reminders(paid.coach.email)).toEqual([]);
  });

  it("two server processes sweeping at once send each reminder once", async () => {
    const second = await secondInstance();
    try {
      const paid = await Promise.all([1, 2, 3].map(() => createPaidBooking(t, { hoursFromNow: 30 })));
      // Past the reminder time, without running the sweeps; then both processes sweep, twice.
      t.deps.clock.advanceMinutes(7 * 60);
      for (let round = 0; round < 2; round++)
        await Promise.all([sendDueReminders(t.deps), sendDueReminders(second.deps), sendDueReminders(t.deps)]);
      for (const booking of paid) {
        expect(reminders(booking.student.email)).toHaveLength(1);
        expect(reminders(booking.coach.email)).toHaveLength(1);
      }
    } finally {
      await second.close();
    }
  });
});
