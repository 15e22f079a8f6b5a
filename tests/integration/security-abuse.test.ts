import { existsSync } from "node:fs";
import path from "node:path";
import request from "supertest";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  LimitMessages,
  MAX_CONTACT_MESSAGES_PER_HOUR,
  MAX_HELD_BOOKINGS_PER_PLAYER,
  MAX_SESSION_REQUESTS_PER_DAY,
  MAX_UPLOADS_PER_HOUR,
} from "@contract/limits";
import { instantToLocal } from "@server/features/slots/slot-time";
import { createBookableCoach, createPerson, createSlot, post, requestBooking } from "@tests/factories/bookings";
import { makePlayer, randomClientIp } from "@tests/factories/users";
import { useTestApp } from "@tests/support/test-app";

/** Issue 13, abuse: one account (or one address) cannot hurt everyone else. */
const t = useTestApp();

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#1e9556" } })
    .png({ compressionLevel: 9 })
    .toBuffer();

describe("attack: hold a coach's whole calendar with unpaid bookings", () => {
  it(`a player may hold ${MAX_HELD_BOOKINGS_PER_PLAYER} unpaid seats at once, even when asking all at once`, async () => {
    const coach = await createBookableCoach(t);
    const player = await createPerson(t);
    const slots = await Promise.all(Array.from({ length: 12 }, (_, i) => createSlot(t, coach.coachId, { hoursFromNow: 48 + i * 2 })));
    const answers = await Promise.all(slots.map((slot) => requestBooking(t, player, coach, slot.id)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(MAX_HELD_BOOKINGS_PER_PLAYER);
    const refused = answers.filter((r) => r.status !== 201);
    expect(refused.every((r) => r.status === 429 && r.body.message === LimitMessages.TOO_MANY_HOLDS)).toBe(true);

    // The rest of the calendar stays bookable for others.
    const other = await createPerson(t);
    const free = slots.find((_, i) => answers[i]!.status !== 201)!;
    const res = await requestBooking(t, other, coach, free.id);
    expect(res.status).toBe(201);

    // Once the holds expire, the player may hold seats again.
    await request(t.app).post("/api/test/clock").send({ advanceMinutes: 16 });
    const again = await requestBooking(t, player, coach, free.id === slots[11]!.id ? slots[10]!.id : slots[11]!.id);
    expect(again.status).toBe(201);
  });
});

describe("attack: flood a coach with session requests (each one mails and texts them)", () => {
  it(`a player may send ${MAX_SESSION_REQUESTS_PER_DAY} requests a day`, async () => {
    const coach = await createBookableCoach(t);
    const player = await createPerson(t);
    const base = Math.ceil(t.deps.clock.now().getTime() / (15 * 60_000)) * 15 * 60_000;
    const ask = (i: number) => {
      const at = instantToLocal(new Date(base + (48 + i) * 3_600_000), "America/New_York");
      return post(t, "/api/session-requests", player.cookie, {
        coachId: coach.coachId,
        requestedDate: at.date,
        requestedStartTime: at.time,
        sessionType: "individual",
        duration: 60,
      });
    };
    for (let i = 0; i < MAX_SESSION_REQUESTS_PER_DAY; i++) expect((await ask(i)).status).toBe(201);
    const flood = await ask(MAX_SESSION_REQUESTS_PER_DAY);
    expect(flood.status).toBe(429);
    expect(flood.body.message).toBe(LimitMessages.TOO_MANY_REQUESTS);
  });
});

describe("attack: flood the contact form", () => {
  it(`one address may send ${MAX_CONTACT_MESSAGES_PER_HOUR} messages an hour; others still can`, async () => {
    const message = { name: "Spammer", email: "spam@example.com", phone: "4105550100", question: "Buy my things, please, now" };
    const from = (ip: string) => request(t.app).post("/api/contact").set("X-Forwarded-For", ip).send(message);
    for (let i = 0; i < MAX_CONTACT_MESSAGES_PER_HOUR; i++) expect((await from("203.0.113.9")).status).toBe(201);
    const flood = await from("203.0.113.9");
    expect(flood.status).toBe(429);
    expect(flood.body.message).toBe(LimitMessages.TOO_MANY_CONTACT_MESSAGES);
    expect((await from("203.0.113.10")).status).toBe(201);
  });
});

describe("attack: fill the disk with uploads", () => {
  it(`a user may upload ${MAX_UPLOADS_PER_HOUR} images an hour`, async () => {
    const { agent } = await makePlayer(t);
    const image = await png(20, 20);
    for (let i = 0; i < MAX_UPLOADS_PER_HOUR; i++)
      expect((await agent.post("/api/upload").attach("photo", image, "a.png")).status).toBe(201);
    const flood = await agent.post("/api/upload").attach("photo", image, "a.png");
    expect(flood.status).toBe(429);
    expect(flood.body.message).toBe(LimitMessages.TOO_MANY_UPLOADS);
  });

  it("a replaced profile photo is removed from the disk, one still shown elsewhere is kept", async () => {
    const { agent } = await makePlayer(t);
    const file = (url: string) => path.join(t.dataDir, url);
    const first = (await agent.post("/api/upload/profile-image").attach("image", await png(30, 30), "1.png")).body.url as string;
    expect(existsSync(file(first))).toBe(true);
    const second = (await agent.post("/api/upload/profile-image").attach("image", await png(31, 31), "2.png")).body.url as string;
    expect(existsSync(file(first))).toBe(false);
    expect(existsSync(file(second))).toBe(true);

    // Someone else shows the second photo too: replacing it here must not break their page.
    const other = await makePlayer(t);
    await other.agent.patch("/api/users/profile").send({ profileImageUrl: second });
    await agent.post("/api/upload/profile-image").attach("image", await png(32, 32), "3.png");
    expect(existsSync(file(second))).toBe(true);
  });

  it("refuses an image of more than 24 megapixels (a decompression bomb)", async () => {
    const { agent } = await makePlayer(t);
    // 6000 x 5000 = 30 MP of one colour compresses to a small file.
    const bomb = await png(6000, 5000);
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    const res = await agent.post("/api/upload").attach("photo", bomb, "bomb.png");
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Please select an image file");
  });
});

describe("player profile image URLs follow the coach's rule", () => {
  it.each(["javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "//evil.example/x.png", "/api/auth/logout"])(
    "refuses %s",
    async (url) => {
      const player = await makePlayer(t);
      const res = await player.agent.patch("/api/users/profile").send({ profileImageUrl: url });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Invalid profile image URL");
      expect((await player.agent.get("/api/auth/user")).body.profileImageUrl).toBeNull();
    },
  );

  it("accepts an upload or an https address", async () => {
    const player = await makePlayer(t);
    for (const url of ["/uploads/abc123.webp", "https://images.example.com/me.jpg"]) {
      const res = await player.agent.patch("/api/users/profile").set("X-Forwarded-For", randomClientIp()).send({ profileImageUrl: url });
      expect(res.status).toBe(200);
      expect(res.body.profileImageUrl).toBe(url);
    }
  });
});
