import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { nth } from "@tests/support/nth";
import { readOutbox } from "@tests/support/test-app";
import { hasNginx, startNginx, type Nginx } from "./support/nginx";
import { buildCompiledServer, freshPostgresDatabase, skipCluster, startCompiledServer, type ServerProcess } from "./support/processes";
import { local, publishSlot, quarterHourAfter, registerCoach, registerPlayer, SiteClient } from "./support/site";

/**
 * DESIGN.md 10, production: two compiled server processes on one PostgreSQL database behind nginx
 * (Debian's package, run with a config of its own) behave as one site.
 */
describe.skipIf(skipCluster)("two server processes behind nginx", () => {
  let database: { url: string; drop(): Promise<void> };
  const servers: ServerProcess[] = [];
  const dataDirs: string[] = [];
  let nginx: Nginx;

  beforeAll(async () => {
    if (!hasNginx) throw new Error("nginx is not installed: apt-get install -y nginx (.ci/run does)");
    await buildCompiledServer();
    database = await freshPostgresDatabase();
    const { freePort } = await import("./support/processes");
    // The load balancer's address is the site's address (APP_URL): links in e-mails and the
    // same-origin check of the calendar socket use it.
    const sitePort = await freePort();
    for (let i = 0; i < 2; i++) dataDirs.push(mkdtempSync(path.join(tmpdir(), `lacrosse-cluster-${i}-`)));
    const env = (i: number) => ({
      DATABASE_URL: database.url,
      DATA_DIR: nth(dataDirs, i),
      SESSION_SECRET: "cluster-secret-cluster-secret-cluster",
      SEED_DEMO: "false",
      ENABLE_TEST_CLOCK: "true",
      AUTH_IP_LIMIT: "10000",
      APP_URL: `http://127.0.0.1:${sitePort}`,
    });
    // Started together on the empty database: both migrate (the advisory lock) and both come up.
    servers.push(...(await Promise.all([startCompiledServer(env(0)), startCompiledServer(env(1))])));
    nginx = await startNginx(servers.map((s) => s.url));
  }, 300_000);

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all(servers.map((s) => s.stop()));
    await database?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it("spreads requests over both processes, and a session made through one is valid on the other", { timeout: 60_000 }, async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) seen.add((await fetch(`${nginx.url}/api/health`)).headers.get("x-upstream") ?? "");
    expect([...seen].sort()).toEqual(servers.map((s) => new URL(s.url).host).sort());

    const player = await registerPlayer(nginx.url, "Jordan");
    for (const server of servers) {
      const me = await player.get("/api/auth/user", server.url);
      expect(me.status).toBe(200);
      expect(me.body.email).toBe(player.email);
    }
    // And through the balancer, whichever process answers.
    for (let i = 0; i < 4; i++) expect((await player.get("/api/auth/user")).status).toBe(200);
    const signedOut = await player.post("/api/auth/logout", {}, nth(servers, 0).url);
    expect(signedOut.status).toBeLessThan(300);
    expect((await player.get("/api/auth/user", nth(servers, 1).url)).status).toBe(401);
  });

  it(
    "delivers a slot published through one process to a calendar socket held, through nginx, by the other",
    { timeout: 60_000 },
    async () => {
      const coach = await registerCoach(nginx.url);
      const watcher = await registerPlayer(nginx.url);
      const socket = new WebSocket(`${nginx.url.replace("http", "ws")}/ws/calendar`, { headers: { Cookie: watcher.cookie } });
      const messages: { type: string; [k: string]: unknown }[] = [];
      socket.on("message", (data) => messages.push(JSON.parse(data.toString())));
      let upstream = "";
      socket.once("upgrade", (res) => (upstream = String(res.headers["x-upstream"] ?? "")));
      await new Promise<void>((resolve, reject) => {
        socket.once("open", () => resolve());
        socket.once("error", reject);
      });
      await expect.poll(() => messages.some((m) => m.type === "connected")).toBe(true);
      socket.send(JSON.stringify({ type: "subscribe_coach", coachId: coach.coachId }));
      await expect.poll(() => messages.some((m) => m.type === "subscribed")).toBe(true);

      const holder = servers.find((s) => new URL(s.url).host === upstream);
      const other = servers.find((s) => s !== holder)!;
      expect(holder, `the socket's upstream ${upstream}`).toBeDefined();
      const clock = await coach.get("/api/test/clock", other.url);
      const slot = await publishSlot(coach, new Date(clock.body.now), { daysAhead: 3, startTime: "10:00" }, {}, other.url);

      await expect
        .poll(() => messages.find((m) => m.type === "time_slot_updated" && (m.slot as { id: number } | undefined)?.id === slot.id), {
          timeout: 10_000,
        })
        .toBeDefined();
      socket.close();
    },
  );

  it(
    "runs every sweep item once when both processes sweep at the same moment: one e-mail per expired request",
    { timeout: 60_000 },
    async () => {
      const coach = await registerCoach(nginx.url);
      const players = await Promise.all([1, 2, 3, 4, 5].map((i) => registerPlayer(nginx.url, `Student${i}`)));
      const now = new Date((await coach.get("/api/test/clock", nth(servers, 0).url)).body.now);
      const requestIds: number[] = [];
      for (const [i, player] of players.entries()) {
        const at = local(quarterHourAfter(now, 30 + i));
        const res = await player.post("/api/session-requests", {
          coachId: coach.coachId,
          requestedDate: at.date,
          requestedStartTime: at.time,
          sessionType: "individual",
          duration: 60,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        requestIds.push(res.body.id);
      }
      const expiryMails = () =>
        dataDirs
          .flatMap((dir) => readOutbox(dir))
          .filter((m) => m.channel === "email" && players.some((p) => p.email === m.recipient) && /expired/i.test(m.headers.Subject ?? ""));
      expect(expiryMails()).toHaveLength(0);

      // Both test clocks move past every request's deadline at once (36 h: inside the 3-day session idle timeout); each process runs its sweeps.
      const moves = await Promise.all(servers.map((s) => new SiteClient(s.url).post("/api/test/clock", { advanceMinutes: 36 * 60 })));
      expect(moves.map((m) => m.status)).toEqual([200, 200]);

      const mails = expiryMails();
      expect(mails.map((m) => m.recipient).sort()).toEqual(players.map((p) => p.email).sort());
      for (const [i, player] of players.entries()) {
        const mine = await player.get("/api/session-requests/student");
        expect(mine.body.find((r: { id: number }) => r.id === requestIds[i]).status).toBe("expired");
      }
    },
  );
});
