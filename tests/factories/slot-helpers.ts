import { uniqueEmail } from "@tests/factories/basics";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Express } from "express";
import request from "supertest";
import { afterAll, beforeAll } from "vitest";
import { WebSocket } from "ws";
import { bookings, coaches, users } from "@server/db/schema/index";
import type { AppDeps } from "@server/deps";
import { startSession } from "@server/features/accounts/sessions.service";
import { attachCalendarSocket } from "@server/realtime/calendar-socket";
import { standIn } from "@tests/support/stand-in";
import type { TestApp } from "@tests/support/test-app";

export type SignedInUser = { userId: number; cookie: string };
export type SignedInCoach = SignedInUser & { coachId: number };

/**
 * A coach with a profile, written straight into the tables (the coach-profile endpoints are built
 * separately), and a session cookie for them.
 */
export async function makeCoach(t: TestApp, options: { timeZone?: string; zipcode?: string } = {}): Promise<SignedInCoach> {
  const db = t.deps.database.db;
  const [user] = await db
    .insert(users)
    .values({ email: uniqueEmail("coach"), userType: "coach", firstName: "Casey", lastName: "Coach" })
    .returning({ id: users.id });
  const [coach] = await db
    .insert(coaches)
    .values({
      userId: user!.id,
      title: "Lacrosse Coach",
      bio: "Former college midfielder.",
      zipcode: options.zipcode ?? "90210",
      timeZone: options.timeZone ?? "America/New_York",
      specializations: ["Midfield"],
    })
    .returning({ id: coaches.id });
  return { userId: user!.id, coachId: coach!.id, cookie: await cookieFor(t, user!.id) };
}

/** A signed-in user without a coach profile: a player by default. */
export async function createUser(t: TestApp, userType: "player" | "coach" | "admin" = "player"): Promise<SignedInUser> {
  const [user] = await t.deps.database.db
    .insert(users)
    .values({ email: uniqueEmail(userType), userType, firstName: "Pat", lastName: "Player" })
    .returning({ id: users.id });
  return { userId: user!.id, cookie: await cookieFor(t, user!.id) };
}

async function cookieFor(t: TestApp, userId: number): Promise<string> {
  const { token } = await startSession(t.deps.database.db, userId, t.deps.clock.now());
  return `sid=${token}`;
}

/**
 * The coach publishes `weeks` weekly slots, 17:00 to 18:00 at Memorial Field, the first on `date`
 * (YYYY-MM-DD), through POST /api/time-slots; throws unless 201. Answers the first week's slot id.
 */
export async function publishWeeklySlots(t: TestApp, coach: Pick<SignedInUser, "cookie">, date: string, weeks = 3): Promise<number> {
  const res = await request(t.app)
    .post("/api/time-slots")
    .set("Cookie", coach.cookie)
    .send({ startTime: "17:00", endTime: "18:00", locationName: "Memorial Field", date, repeatWeeks: weeks });
  if (res.status !== 201) throw new Error(`publishWeeklySlots failed: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { slots: { id: number }[] }).slots[0]!.id;
}

/** A booking row of a slot, inserted directly (the booking endpoints come with a later issue). */
export async function insertBooking(
  t: TestApp,
  values: {
    slotId: number;
    coachId: number;
    studentId: number;
    status: "pending" | "confirmed" | "completed" | "cancelled";
    holdExpiresAt?: Date;
    paymentStatus?: "unpaid" | "completed" | "failed" | "refunded";
    /** A cancelled booking's code; an expired hold unless said otherwise. */
    cancelCode?: "hold_expired" | "coach_cancelled" | "student_cancelled" | "not_honoured";
  },
): Promise<number> {
  const startsAt = new Date(t.deps.clock.now().getTime() + 24 * 3600_000);
  const [row] = await t.deps.database.db
    .insert(bookings)
    .values({
      studentId: values.studentId,
      coachId: values.coachId,
      timeSlotId: values.slotId,
      sessionType: "individual",
      durationMinutes: 60,
      rateCents: 5000,
      platformFeeCents: 750,
      totalCents: 5750,
      coachEarningsCents: 5000,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3600_000),
      status: values.status,
      holdExpiresAt: values.holdExpiresAt ?? null,
      paymentStatus: values.paymentStatus ?? "unpaid",
      cancelCode: values.status === "cancelled" ? (values.cancelCode ?? "hold_expired") : null,
    })
    .returning({ id: bookings.id });
  return row!.id;
}

export type CalendarServer = { baseUrl: string; wsUrl: string; close(): Promise<void> };

/** An HTTP server for the app with /ws/calendar attached, on an ephemeral port, as main.ts wires it. */
export async function listenWithCalendar(app: Express, deps: AppDeps): Promise<CalendarServer> {
  const server = createServer(app);
  const calendar = await attachCalendarSocket(server, deps);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/ws/calendar`,
    async close() {
      await calendar.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The app of this file (or describe) listening with the calendar socket, started before its tests
 * and closed after them, before the app itself (vitest runs the after-hooks last in, first out).
 */
export function useCalendarServer(t: TestApp): CalendarServer {
  let current: CalendarServer | undefined;
  beforeAll(async () => {
    current = await listenWithCalendar(t.app, t.deps);
  });
  afterAll(async () => {
    await current?.close();
  });
  return standIn(() => current, "The calendar server");
}

export type Message = { type: string; [key: string]: unknown };

/** A client socket that records every message, so a test can wait for the one it expects. */
export type SocketProbe = {
  socket: WebSocket;
  messages: Message[];
  send(value: unknown): void;
  next(predicate: (m: Message) => boolean, timeoutMs?: number): Promise<Message>;
  close(): Promise<void>;
};

export async function openCalendarSocket(wsUrl: string, cookie?: string, headers: Record<string, string> = {}): Promise<SocketProbe> {
  const socket = new WebSocket(wsUrl, { headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers } });
  const messages: Message[] = [];
  const waiters: { predicate: (m: Message) => boolean; resolve: (m: Message) => void }[] = [];
  socket.on("message", (data) => {
    const message = JSON.parse(data.toString()) as Message;
    messages.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.predicate(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
    socket.once("unexpected-response", (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
  });
  return {
    socket,
    messages,
    send: (value) => socket.send(typeof value === "string" ? value : JSON.stringify(value)),
    next(predicate, timeoutMs = 5000) {
      const seen = messages.find(predicate);
      if (seen) {
        messages.splice(messages.indexOf(seen), 1);
        return Promise.resolve(seen);
      }
      return new Promise<Message>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`)),
          timeoutMs,
        );
        waiters.push({
          predicate,
          resolve: (m) => {
            clearTimeout(timer);
            messages.splice(messages.indexOf(m), 1);
            resolve(m);
          },
        });
      });
    },
    async close() {
      if (socket.readyState === WebSocket.CLOSED) return;
      await new Promise<void>((resolve) => {
        socket.once("close", () => resolve());
        socket.close();
      });
    },
  };
}
