import http from "node:http";
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import {
  SEARCH_MAX_COACHES,
  SEARCH_NEXT_CURSOR_HEADER,
  SEARCH_SLOTS_PER_COACH,
  SearchMessages,
  type SearchResultCoach,
} from "@contract/search";
import { useTestApp } from "@tests/support/test-app";
import type { TimeSlot } from "@contract/slots";
import { insertBooking, insertCoach, insertPlayer, insertSlot } from "./search-support";
import { pinClock } from "@tests/factories/basics";

const NOW = "2026-12-01T15:00:00.000Z";
const TOMORROW = "2026-12-02T15:00:00.000Z";
const hoursAfterTomorrow = (h: number) => new Date(Date.parse(TOMORROW) + h * 3600_000).toISOString();
/** Around New York, from 0 to about 20 miles from 10001. */
const ZIPS = ["10001", "10002", "10003", "10011", "10016", "10019", "10024", "10128", "07030", "11201", "11215", "10451", "07302", "11101"];

describe("GET /api/coaches/search: pages of coaches and the card's times", () => {
  const t = useTestApp();
  beforeAll(() => pinClock(t, NOW));

  const search = (query: Record<string, string>) =>
    request(t.app)
      .get("/api/coaches/search")
      .query({ zipcode: "10001", radius: "25", ...query });

  /** Every page of a search, following X-Next-Cursor. */
  async function allPages(query: Record<string, string>): Promise<SearchResultCoach[][]> {
    const pages: SearchResultCoach[][] = [];
    let cursor: string | undefined;
    do {
      const res = await search(cursor ? { ...query, cursor } : query);
      expect(res.status).toBe(200);
      pages.push(res.body as SearchResultCoach[]);
      cursor = res.headers[SEARCH_NEXT_CURSOR_HEADER.toLowerCase()] as string | undefined;
      expect(pages.length).toBeLessThan(20);
    } while (cursor);
    return pages;
  }

  it("says when more coaches match than a page holds, and the next pages list each of them once, nearest first", async () => {
    const withSlots: number[] = [];
    for (let i = 0; i < 2 * SEARCH_MAX_COACHES + 3; i++) {
      const { coachId } = await insertCoach(t, { zipcode: ZIPS[i % ZIPS.length]!, specializations: ["Paging"] });
      if (i % 5 !== 4) {
        await insertSlot(t, coachId, TOMORROW);
        withSlots.push(coachId);
      }
    }
    const first = await search({ specialization: "Paging" });
    expect(first.headers[SEARCH_NEXT_CURSOR_HEADER.toLowerCase()]).toEqual(expect.any(String));
    expect(first.body).toHaveLength(SEARCH_MAX_COACHES);

    const pages = await allPages({ specialization: "Paging" });
    const listed = pages.flat();
    expect(pages.every((p) => p.length <= SEARCH_MAX_COACHES && p.length > 0)).toBe(true);
    expect(listed.map((c) => c.id).sort((a, b) => a - b)).toEqual(withSlots);
    const distances = listed.map((c) => c.distance);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));

    // With coaches without times, every coach in the radius.
    const everyone = (await allPages({ specialization: "Paging", includeUnavailable: "true" })).flat();
    expect(everyone).toHaveLength(2 * SEARCH_MAX_COACHES + 3);
    expect(new Set(everyone.map((c) => c.id)).size).toBe(everyone.length);
  });

  it("finds a page of coaches with times beyond many nearer coaches without any, and pages on from there", async () => {
    // 20 coaches without times at the searched ZIP, then 12 with times about 5 miles away (11201).
    for (let i = 0; i < 20; i++) await insertCoach(t, { zipcode: "10001", specializations: ["Sparse"] });
    const withSlots: number[] = [];
    for (let i = 0; i < SEARCH_MAX_COACHES + 2; i++) {
      const { coachId } = await insertCoach(t, { zipcode: "11201", specializations: ["Sparse"] });
      await insertSlot(t, coachId, TOMORROW);
      withSlots.push(coachId);
    }
    const first = await search({ specialization: "Sparse" });
    expect((first.body as SearchResultCoach[]).map((c) => c.id)).toEqual(withSlots.slice(0, SEARCH_MAX_COACHES));
    const pages = await allPages({ specialization: "Sparse" });
    expect(pages.flat().map((c) => c.id)).toEqual(withSlots);
  });

  it("does not offer another page when exactly one page of coaches matches", async () => {
    for (let i = 0; i < SEARCH_MAX_COACHES; i++) {
      const { coachId } = await insertCoach(t, { zipcode: ZIPS[i % ZIPS.length]!, specializations: ["Exactly"] });
      await insertSlot(t, coachId, TOMORROW);
    }
    const res = await search({ specialization: "Exactly" });
    expect(res.body).toHaveLength(SEARCH_MAX_COACHES);
    expect(res.headers[SEARCH_NEXT_CURSOR_HEADER.toLowerCase()]).toBeUndefined();
  });

  it("neither repeats nor skips a coach when coaches join while a player pages", async () => {
    const ids: number[] = [];
    for (let i = 0; i < SEARCH_MAX_COACHES + 4; i++) {
      const { coachId } = await insertCoach(t, { zipcode: ZIPS[i % ZIPS.length]!, specializations: ["Joining"] });
      await insertSlot(t, coachId, TOMORROW);
      ids.push(coachId);
    }
    const first = await search({ specialization: "Joining" });
    const cursor = first.headers[SEARCH_NEXT_CURSOR_HEADER.toLowerCase()] as string;
    // A new coach at the searched ZIP itself belongs before the cursor: not on the next page.
    const { coachId: late } = await insertCoach(t, { zipcode: "10001", specializations: ["Joining"] });
    await insertSlot(t, late, TOMORROW);
    const second = await search({ specialization: "Joining", cursor });
    const seen = [...(first.body as SearchResultCoach[]), ...(second.body as SearchResultCoach[])].map((c) => c.id);
    expect(seen.sort((a, b) => a - b)).toEqual(ids);
  });

  it("sends the card's first times and says whether the coach has more", async () => {
    const { coachId: many } = await insertCoach(t, { zipcode: "10001", specializations: ["Times"] });
    for (let i = 0; i <= SEARCH_SLOTS_PER_COACH; i++) await insertSlot(t, many, hoursAfterTomorrow(2 * i));
    const { coachId: few } = await insertCoach(t, { zipcode: "10002", specializations: ["Times"] });
    for (let i = 0; i < SEARCH_SLOTS_PER_COACH; i++) await insertSlot(t, few, hoursAfterTomorrow(2 * i));
    const body = (await search({ specialization: "Times" })).body as SearchResultCoach[];
    const byId = new Map(body.map((c) => [c.id, c]));
    expect(byId.get(many)).toMatchObject({ hasMoreSlots: true });
    expect(byId.get(many)!.availableSlots).toHaveLength(SEARCH_SLOTS_PER_COACH);
    expect(byId.get(few)).toMatchObject({ hasMoreSlots: false });
    expect(byId.get(few)!.availableSlots).toHaveLength(SEARCH_SLOTS_PER_COACH);
    // "Show more" lists every bookable time: not the booked one, not the closed one.
    const booked = await insertSlot(t, many, hoursAfterTomorrow(40));
    const player = await insertPlayer(t);
    await insertBooking(t, { studentId: player.userId, slotId: booked, coachId: many, status: "confirmed" });
    await insertSlot(t, many, hoursAfterTomorrow(42), { isAvailable: false });
    const all = await request(t.app).get(`/api/coaches/${many}/available-slots`);
    expect(all.status).toBe(200);
    expect((all.body as TimeSlot[]).length).toBe(SEARCH_SLOTS_PER_COACH + 1);
    expect((all.body as TimeSlot[]).map((s) => s.id)).not.toContain(booked);
    expect((await request(t.app).get("/api/coaches/999999/available-slots")).status).toBe(404);
    expect((await request(t.app).get("/api/coaches/abc/available-slots")).status).toBe(404);
  });

  it("keeps a full page under 40 KiB with long titles, names, specializations and place names", async () => {
    const long = (n: number) => "x".repeat(n);
    for (let i = 0; i < SEARCH_MAX_COACHES + 1; i++) {
      const { coachId } = await insertCoach(t, {
        zipcode: ZIPS[i % ZIPS.length]!,
        specializations: ["Heavy", ...Array.from({ length: 9 }, (_, k) => `Specialty number ${k} ${long(20)}`)],
        firstName: long(50),
        title: long(120),
        bio: long(2000),
        experience: long(2000),
        rates: [
          ["individual", 60, 9000],
          ["individual", 30, 5000],
          ["group", 60, 3000],
          ["group", 30, 2000],
        ],
      });
      for (let k = 0; k <= SEARCH_SLOTS_PER_COACH; k++) await insertSlot(t, coachId, hoursAfterTomorrow(2 * k));
    }
    const res = await search({ specialization: "Heavy" }).set("Accept-Encoding", "identity");
    expect(res.body).toHaveLength(SEARCH_MAX_COACHES);
    expect(Buffer.byteLength(res.text)).toBeLessThan(40 * 1024);
    expect(res.text).not.toContain(long(2000)); // neither bio nor experience
  });

  it("refuses a cursor it did not make, and changes nothing", async () => {
    for (const cursor of ["abc", "1.5:2", "12.000000:", "-1.000000:3", "1.000000:3;drop"]) {
      const res = await search({ specialization: "Paging", cursor });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(SearchMessages.CURSOR);
    }
  });

  it("compresses the answer for a client that accepts brotli or gzip", async () => {
    const br = await search({ specialization: "Heavy" }).set("Accept-Encoding", "br");
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    // Compressed whole and sent in one write with its length, not streamed in chunks.
    expect(Number(br.headers["content-length"])).toBeGreaterThan(0);
    expect(br.headers["transfer-encoding"]).toBeUndefined();
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body).toHaveLength(SEARCH_MAX_COACHES);
    const gzip = await search({ specialization: "Heavy" }).set("Accept-Encoding", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.body).toHaveLength(SEARCH_MAX_COACHES);
    // A browser lists gzip first and weighs both the same: it gets the smaller brotli answer.
    const browser = await search({ specialization: "Heavy" }).set("Accept-Encoding", "gzip, deflate, br, zstd");
    expect(browser.headers["content-encoding"]).toBe("br");
    expect(browser.body).toEqual(br.body);
    // A client that weighs gzip higher gets gzip; one that refuses brotli never gets it.
    const weighed = await search({ specialization: "Heavy" }).set("Accept-Encoding", "br;q=0.5, gzip");
    expect(weighed.headers["content-encoding"]).toBe("gzip");
    const noBrotli = await search({ specialization: "Heavy" }).set("Accept-Encoding", "*, br;q=0");
    expect(noBrotli.headers["content-encoding"]).toBe("gzip");
    const plain = await search({ specialization: "Heavy" }).set("Accept-Encoding", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(Buffer.byteLength(plain.text)).toBeGreaterThan(10_000);
    // The bytes that go over the wire (supertest and fetch decode them; node:http does not).
    const server = t.app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const { port } = server.address() as { port: number };
      const sent = await new Promise<number>((resolve, reject) => {
        const req = http.get(
          {
            host: "127.0.0.1",
            port,
            path: "/api/coaches/search?specialization=Heavy&zipcode=10001&radius=25",
            headers: { "Accept-Encoding": "br" },
          },
          (res) => {
            let bytes = 0;
            res.on("data", (chunk: Buffer) => (bytes += chunk.length));
            res.on("end", () => resolve(bytes));
          },
        );
        req.on("error", reject);
      });
      expect(sent).toBeLessThan(Buffer.byteLength(plain.text) / 3);
    } finally {
      server.close();
    }
  });
});
