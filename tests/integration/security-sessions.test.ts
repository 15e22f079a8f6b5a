import { createConnection } from "node:net";
import { eq } from "drizzle-orm";
import request from "supertest";
import { describe, expect, it, vi } from "vitest";
import { WebSocket } from "ws";
import { MAX_SOCKETS_PER_USER } from "@contract/limits";
import { sessions } from "@server/db/schema/index";
import { hashSessionToken, SESSION_IDLE_MS } from "@server/features/accounts/sessions.service";
import { runSweeps } from "@server/jobs/sweeps";
import { SESSION_ENDED_CLOSE_CODE } from "@server/realtime/calendar-socket";
import { DEFAULT_PASSWORD, makeAdmin, makePlayer, randomClientIp, resetPasswordByMail } from "@tests/factories/users";
import { openCalendarSocket, useCalendarServer } from "@tests/factories/slot-helpers";
import { useTestApp } from "@tests/support/test-app";

/** Issue 13, sessions: they end when idle, their rows are swept, and their sockets close with them. */
const t = useTestApp();
const server = useCalendarServer(t);

const cookieOf = (res: request.Response) => String(res.headers["set-cookie"]?.[0]).split(";")[0] ?? "";

async function signIn(email: string, password = DEFAULT_PASSWORD): Promise<string> {
  const res = await request(t.app).post("/api/auth/login").set("X-Forwarded-For", randomClientIp()).send({ email, password });
  expect(res.status).toBe(200);
  return cookieOf(res);
}

/**
 * Starts watching before the action that should close the socket (NOTIFY may close it before the
 * action's answer arrives); resolves with the close code, rejects if it stays open.
 */
function closeOf(socket: WebSocket, ms = 5000): Promise<number> {
  return new Promise((resolve, reject) => {
    if (socket.readyState === WebSocket.CLOSED) return reject(new Error("socket was already closed"));
    const timer = setTimeout(() => reject(new Error(`socket still open after ${ms} ms`)), ms);
    socket.once("close", (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

describe("attack: keep listening on a socket after signing out", () => {
  it("logout closes the sockets opened with that session, and only those", async () => {
    const { email } = await makePlayer(t);
    const mine = await signIn(email);
    const otherDevice = await signIn(email);
    const socket = await openCalendarSocket(server.wsUrl, mine);
    const other = await openCalendarSocket(server.wsUrl, otherDevice);
    await socket.next((m) => m.type === "connected");

    const closed = closeOf(socket.socket);
    expect((await request(t.app).post("/api/auth/logout").set("Cookie", mine)).status).toBe(200);
    expect(await closed).toBe(SESSION_ENDED_CLOSE_CODE);
    // The other device's session lives on, and so does its socket.
    other.send({ type: "ping" });
    await other.next((m) => m.type === "pong");
    await other.close();
  });

  it("a password reset closes every socket of the user", async () => {
    const { email } = await makePlayer(t);
    const socket = await openCalendarSocket(server.wsUrl, await signIn(email));
    const closed = closeOf(socket.socket);
    await resetPasswordByMail(t, email, "brand-new-pass");
    expect(await closed).toBe(SESSION_ENDED_CLOSE_CODE);
  });

  it("a role change closes the sockets opened under the old role", async () => {
    const { email } = await makePlayer(t);
    const socket = await openCalendarSocket(server.wsUrl, await signIn(email));
    const closed = closeOf(socket.socket);
    await makeAdmin(t, email);
    expect(await closed).toBe(SESSION_ENDED_CLOSE_CODE);
  });
});

describe("idle sessions", () => {
  it("end after the idle timeout, the sweep removes them, and their sockets close", async () => {
    const { email } = await makePlayer(t);
    const cookie = await signIn(email);
    const socket = await openCalendarSocket(server.wsUrl, cookie);
    // Idleness is real time passing, so it is simulated on the server's clock itself (a jump of
    // POST /api/test/clock is calendar time and keeps sessions, tested below).
    // Used within the idle window: still signed in.
    t.deps.clock.advanceMinutes(SESSION_IDLE_MS / 60_000 - 60);
    expect((await request(t.app).get("/api/auth/user").set("Cookie", cookie)).status).toBe(200);
    // Then left alone longer than the idle timeout; the sweep removes it and closes its sockets.
    const closed = closeOf(socket.socket);
    t.deps.clock.advanceMinutes(SESSION_IDLE_MS / 60_000 + 1);
    expect((await request(t.app).get("/api/auth/user").set("Cookie", cookie)).status).toBe(401);
    await runSweeps(t.deps);
    expect(await closed).toBe(SESSION_ENDED_CLOSE_CODE);
    const idHash = hashSessionToken(cookie.slice("sid=".length));
    expect(await t.deps.database.db.select().from(sessions).where(eq(sessions.idHash, idHash))).toHaveLength(0);
  });
});

describe("the test clock", () => {
  it("moving it forward by days is not idleness: a signed-in user stays signed in across the jump", async () => {
    const { email } = await makePlayer(t);
    const cookie = await signIn(email);
    const jump = await request(t.app)
      .post("/api/test/clock")
      .send({ advanceMinutes: 2 * (SESSION_IDLE_MS / 60_000) });
    expect(jump.status).toBe(200);
    expect((await request(t.app).get("/api/auth/user").set("Cookie", cookie)).status).toBe(200);
  });
});

describe("attack: open sockets without end", () => {
  it("caps the sockets one user may hold open", async () => {
    const { email } = await makePlayer(t);
    const cookie = await signIn(email);
    const open = [];
    for (let i = 0; i < MAX_SOCKETS_PER_USER; i++) open.push(await openCalendarSocket(server.wsUrl, cookie));
    await expect(openCalendarSocket(server.wsUrl, cookie)).rejects.toThrow("upgrade refused: 429");
    await open.pop()!.close();
    // Closing one frees its place, as soon as the server has seen the close.
    open.push(await vi.waitFor(() => openCalendarSocket(server.wsUrl, cookie), { timeout: 2000, interval: 20 }));
    await Promise.all(open.map((s) => s.close()));
  });

  it("an upgrade on any other path than /ws/calendar is refused and closed at once (it used to hang forever)", async () => {
    const { hostname: host, port } = new URL(server.baseUrl);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = createConnection({ host, port: Number(port) }, () => {
        socket.write(
          "GET /ws/anything-else HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
        );
      });
      let data = "";
      socket.on("data", (chunk) => (data += chunk.toString()));
      socket.on("close", () => resolve(data));
      socket.on("error", reject);
      setTimeout(() => reject(new Error(`connection still open; got ${JSON.stringify(data)}`)), 2000).unref();
    });
    expect(answer).toMatch(/^HTTP\/1.1 404/);
  });
});
