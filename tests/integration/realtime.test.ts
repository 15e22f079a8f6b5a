import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "@server/app";
import { bootstrap } from "@server/boot";
import type { AppDeps } from "@server/deps";
import { createEventBus } from "@server/realtime/event-bus";
import {
  makeCoach,
  createUser,
  listenWithCalendar,
  openCalendarSocket,
  useCalendarServer,
  type CalendarServer,
} from "@tests/factories/slot-helpers";
import { startTestApp, useTestApp, type TestApp } from "@tests/support/test-app";

const tomorrow = () => new Date(Date.now() + 2 * 24 * 3600_000).toISOString().slice(0, 10);
const slotBody = (startTime = "09:00", endTime = "10:00") => ({ date: tomorrow(), startTime, endTime });

describe("the /ws/calendar channel", () => {
  const t = useTestApp();
  const server = useCalendarServer(t);

  it("a signed-in coach is greeted with their user id and answered pong to ping", async () => {
    const coach = await makeCoach(t);
    const socket = await openCalendarSocket(server.wsUrl, coach.cookie);
    expect(await socket.next((m) => m.type === "connected")).toEqual({ type: "connected", userId: coach.userId });
    socket.send({ type: "ping" });
    expect(await socket.next((m) => m.type === "pong")).toEqual({ type: "pong" });
    await socket.close();
  });

  it("auth is answered from the session cookie, whatever the message claims", async () => {
    const coach = await makeCoach(t);
    const other = await makeCoach(t);
    const socket = await openCalendarSocket(server.wsUrl, coach.cookie);
    await socket.next((m) => m.type === "connected");
    socket.send({ type: "auth", userId: other.userId, userType: "admin", coachId: other.coachId });
    expect(await socket.next((m) => m.type === "auth_ok")).toEqual({
      type: "auth_ok",
      userId: coach.userId,
      userType: "coach",
      coachId: coach.coachId,
    });
    await socket.close();
  });

  it("a coach hears about a slot created over HTTP in their calendar, and its deletion", async () => {
    const coach = await makeCoach(t);
    const socket = await openCalendarSocket(server.wsUrl, coach.cookie);
    await socket.next((m) => m.type === "connected");
    const created = await request(server.baseUrl).post("/api/time-slots").set("Cookie", coach.cookie).send(slotBody());
    expect(created.status).toBe(201);
    const updated = await socket.next((m) => m.type === "time_slot_updated");
    expect(updated).toMatchObject({ coachId: coach.coachId, slot: { id: created.body.id, startTime: "09:00", endTime: "10:00" } });
    expect(await socket.next((m) => m.type === "availability_updated")).toEqual({ type: "availability_updated", coachId: coach.coachId });

    await request(server.baseUrl).delete(`/api/time-slots/${created.body.id}`).set("Cookie", coach.cookie).expect(200);
    expect(await socket.next((m) => m.type === "time_slot_deleted")).toEqual({
      type: "time_slot_deleted",
      coachId: coach.coachId,
      slotId: created.body.id,
    });
    await socket.close();
  });

  it("a player who subscribes to a coach hears about that coach's slots and no one else's", async () => {
    const coach = await makeCoach(t);
    const otherCoach = await makeCoach(t);
    const player = await createUser(t);
    const socket = await openCalendarSocket(server.wsUrl, player.cookie);
    await socket.next((m) => m.type === "connected");
    socket.send({ type: "subscribe_coach", coachId: coach.coachId });
    expect(await socket.next((m) => m.type === "subscribed")).toEqual({ type: "subscribed", coachId: coach.coachId });

    await request(server.baseUrl).post("/api/time-slots").set("Cookie", otherCoach.cookie).send(slotBody()).expect(201);
    await request(server.baseUrl).post("/api/time-slots").set("Cookie", coach.cookie).send(slotBody("11:00", "12:00")).expect(201);
    const updated = await socket.next((m) => m.type === "time_slot_updated");
    expect(updated).toMatchObject({ coachId: coach.coachId, slot: { startTime: "11:00" } });
    await socket.next((m) => m.type === "availability_updated");
    expect(socket.messages.filter((m) => m.coachId === otherCoach.coachId)).toEqual([]);
    await socket.close();
  });

  it("booking events reach the coach and the booking's student but not other followers", async () => {
    const coach = await makeCoach(t);
    const student = await createUser(t);
    const follower = await createUser(t);
    const coachSocket = await openCalendarSocket(server.wsUrl, coach.cookie);
    const studentSocket = await openCalendarSocket(server.wsUrl, student.cookie);
    const followerSocket = await openCalendarSocket(server.wsUrl, follower.cookie);
    for (const s of [coachSocket, studentSocket, followerSocket]) await s.next((m) => m.type === "connected");
    followerSocket.send({ type: "subscribe_coach", coachId: coach.coachId });
    await followerSocket.next((m) => m.type === "subscribed");

    await t.deps.events.publish({
      type: "booking_updated",
      coachId: coach.coachId,
      bookingId: 42,
      studentId: student.userId,
      status: "confirmed",
    });
    expect(await coachSocket.next((m) => m.type === "booking_updated")).toEqual({
      type: "booking_updated",
      coachId: coach.coachId,
      bookingId: 42,
      status: "confirmed",
    });
    await studentSocket.next((m) => m.type === "booking_updated");
    // A later slot event proves the follower's socket was delivered to after the booking event.
    await t.deps.events.publish({ type: "availability_updated", coachId: coach.coachId });
    await followerSocket.next((m) => m.type === "availability_updated");
    expect(followerSocket.messages.filter((m) => m.type === "booking_updated")).toEqual([]);
    for (const s of [coachSocket, studentSocket, followerSocket]) await s.close();
  });

  it("invalid messages are answered with an error and the connection keeps working", async () => {
    const coach = await makeCoach(t);
    const socket = await openCalendarSocket(server.wsUrl, coach.cookie);
    await socket.next((m) => m.type === "connected");
    for (const junk of [
      "not json",
      "{",
      "null",
      "[]",
      JSON.stringify({ type: "subscribe_coach", coachId: "x" }),
      JSON.stringify({ type: "nope" }),
    ]) {
      socket.send(junk);
      expect(await socket.next((m) => m.type === "error")).toMatchObject({ type: "error" });
    }
    socket.send({ type: "subscribe_coach", coachId: 99_999_999 });
    expect(await socket.next((m) => m.type === "error")).toEqual({ type: "error", message: "Coach not found" });
    socket.send({ type: "ping" });
    await socket.next((m) => m.type === "pong");
    expect((await request(server.baseUrl).get("/api/health")).status).toBe(200);
    await socket.close();
  });

  it("a connection without a valid session cookie is refused with 401", async () => {
    await expect(openCalendarSocket(server.wsUrl)).rejects.toThrow("upgrade refused: 401");
    await expect(openCalendarSocket(server.wsUrl, "sid=not-a-real-session-token-at-all")).rejects.toThrow("upgrade refused: 401");
  });

  it("a page from another site cannot open the channel with the user's cookie", async () => {
    const coach = await makeCoach(t);
    await expect(openCalendarSocket(server.wsUrl, coach.cookie, { Origin: "https://evil.example" })).rejects.toThrow(
      "upgrade refused: 403",
    );
    const sameSite = await openCalendarSocket(server.wsUrl, coach.cookie, { Origin: server.baseUrl });
    await sameSite.next((m) => m.type === "connected");
    await sameSite.close();
  });
});

/**
 * Two server processes on one database: with TEST_DATABASE_URL, the second app is bootstrapped on
 * its own connection pool, exactly as another process would be. On PGlite (one process can hold
 * the embedded database) the second app shares the database handle but has its own event bus and
 * its own LISTEN, so the event still has to travel through NOTIFY.
 */
describe("two server processes on one database", () => {
  let a: TestApp;
  let depsB: AppDeps;
  let serverB: CalendarServer;
  const ownDatabase = Boolean(process.env.TEST_DATABASE_URL);

  beforeAll(async () => {
    a = await startTestApp();
    depsB = ownDatabase ? await bootstrap(a.deps.config) : { ...a.deps, events: createEventBus(a.deps.database, a.deps.logger) };
    serverB = await listenWithCalendar(createApp(depsB), depsB);
  });
  afterAll(async () => {
    await serverB?.close();
    if (ownDatabase) await depsB?.database.close();
    await a?.close();
  });

  it("a slot created through app A is announced on a socket held by app B", async () => {
    const coach = await makeCoach(a);
    const player = await createUser(a);
    const coachOnB = await openCalendarSocket(serverB.wsUrl, coach.cookie);
    const playerOnB = await openCalendarSocket(serverB.wsUrl, player.cookie);
    await coachOnB.next((m) => m.type === "connected");
    await playerOnB.next((m) => m.type === "connected");
    playerOnB.send({ type: "subscribe_coach", coachId: coach.coachId });
    await playerOnB.next((m) => m.type === "subscribed");

    const created = await request(a.app).post("/api/time-slots").set("Cookie", coach.cookie).send(slotBody("15:00", "16:00"));
    expect(created.status).toBe(201);
    for (const socket of [coachOnB, playerOnB]) {
      expect(await socket.next((m) => m.type === "time_slot_updated")).toMatchObject({ slot: { id: created.body.id, startTime: "15:00" } });
    }
    await coachOnB.close();
    await playerOnB.close();
  });

  it("events sent inside a transaction arrive at its commit, never after a rollback, and run local handlers only when announced", async () => {
    const heardOnB: number[] = [];
    const stopListening = await depsB.events.subscribe((event) => heardOnB.push(event.coachId));
    const heardLocally: number[] = [];
    const stopLocal = a.deps.events.onPublish!((event) => heardLocally.push(event.coachId));
    const [undone, committed] = [900_001, 900_002];

    await expect(
      a.deps.database.db.transaction(async (tx) => {
        await a.deps.events.publishInTransaction(tx, [{ type: "availability_updated", coachId: undone }]);
        tx.rollback();
      }),
    ).rejects.toThrow();
    let announce = () => {};
    await a.deps.database.db.transaction(async (tx) => {
      announce = await a.deps.events.publishInTransaction(tx, [
        { type: "availability_updated", coachId: committed },
        { type: "coach_updated", coachId: committed },
      ]);
      expect(heardLocally).toEqual([]);
    });
    // One channel delivers in order: once the committed events are in, the undone one would have been.
    await vi.waitFor(() => expect(heardOnB.filter((id) => id === committed)).toHaveLength(2));
    expect(heardOnB).not.toContain(undone);
    expect(heardLocally).toEqual([]);
    announce();
    expect(heardLocally).toEqual([committed, committed]);
    stopLocal();
    await stopListening();
  });
});

// PGlite runs in this process: there is no listening connection to lose.
describe.skipIf(!process.env.TEST_DATABASE_URL)("the listening connection to PostgreSQL", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("is opened again after the database drops it, and events flow again", async () => {
    const heard: string[] = [];
    await t.deps.database.listen("reconnect_check", (payload) => heard.push(payload));
    await t.deps.database.notify("reconnect_check", "before");
    await vi.waitFor(() => expect(heard).toContain("before"), { timeout: 10_000, interval: 50 });

    // The backend holding the LISTEN is the one whose last statement was a LISTEN.
    const dropped = await t.deps.database.db.execute(sql`
      select pg_terminate_backend(pid) as done from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN%'`);
    expect((dropped as unknown as { rows: unknown[] }).rows.length).toBeGreaterThan(0);

    // Published until heard: what is sent while the connection is down is lost by design.
    let attempt = 0;
    await vi.waitFor(
      async () => {
        await t.deps.database.notify("reconnect_check", `after-${++attempt}`);
        expect(heard.some((p) => p.startsWith("after-"))).toBe(true);
      },
      { timeout: 10_000, interval: 50 },
    );
  });
});
