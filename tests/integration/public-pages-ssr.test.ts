import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicPageRenderer } from "@client/public-pages";
import { privacyPolicy, termsOfService } from "@contract/legal";
import { familyPrice } from "@contract/money";
import { coaches, reviews, testimonials } from "@server/db/schema/index";
import { coachDirectoryFor } from "@server/features/search/coach-directory";
import { renderedPageCacheFor } from "@server/features/public-pages/server-rendered";
import { mountClient } from "@server/http/client-assets";
import { startTestApp, type TestApp } from "@tests/support/test-app";
import { makePlayer } from "@tests/factories/users";
import { createBookableCoach, post } from "@tests/factories/bookings";
import { insertBooking, insertCoach, insertPlayer, insertSlot } from "./search-support";

/**
 * Decision 016: a visitor's public pages arrive drawn in their HTML by the client's own components
 * (the renderer the client build makes for Node, here from its sources), readable with no script,
 * with the query cache they were drawn from for the browser to hydrate. Over plain HTTP: no script runs.
 */
const indexHtml =
  '<!doctype html><html><head><title>LaxCoach: find and book lacrosse coaches</title><meta name="description" content="x" />' +
  '<script type="module" crossorigin src="/assets/index-E.js"></script></head><body><div id="root"></div></body></html>';

/** The markup in the app's root, with tags and comments left out, and the data block beside it. */
const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div><script id="page-state"/.exec(html)?.[1] ?? "";
const textOf = (html: string) =>
  rootOf(html)
    .replace(/<!--.*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");
type Dehydrated = { queries: { key: unknown[]; data?: unknown; error?: { status: number; message: string } }[]; drawnAt: number };
const pageStateOf = (html: string): Dehydrated => {
  const json = /<script id="page-state" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error("no page state in the HTML");
  return JSON.parse(json) as Dehydrated;
};

describe("public pages drawn on the server (decision 016)", () => {
  let t: TestApp;
  let root: string;
  let coachId: number;

  beforeAll(async () => {
    t = await startTestApp();
    root = mkdtempSync(path.join(tmpdir(), "lacrosse-public-pages-"));
    const distDir = path.join(root, "client");
    mkdirSync(distDir, { recursive: true });
    writeFileSync(path.join(distDir, "index.html"), indexHtml);
    await mountClient(t.app, { dev: false, server: createServer(), distDir, publicPages: publicPageRenderer });

    ({ coachId } = await insertCoach(t, {
      zipcode: "21201",
      specializations: ["Goalie", "Defense"],
      firstName: "Riley",
      title: "Former D1 Goalie",
      bio: "Footwork and clears.",
      rates: [
        ["individual", 60, 8000],
        ["group", 60, 4000],
      ],
    }));
    // 22:00 UTC on 12 January 2027 is 5:00 PM in Baltimore (EST).
    await insertSlot(t, coachId, "2027-01-12T22:00:00.000Z", { locationName: "Patterson Park" });
    const { userId: studentId } = await insertPlayer(t, { firstName: "Dana", lastName: "Whitaker" });
    const pastSlot = await insertSlot(t, coachId, "2026-10-03T15:00:00.000Z");
    const bookingId = await insertBooking(t, { slotId: pastSlot, coachId, studentId, status: "confirmed" });
    await t.deps.database.db
      .insert(reviews)
      .values({ bookingId, coachId, studentId, rating: 5, comment: "Our goalie finally steps to the ball. Worth every minute." });
    coachDirectoryFor(t.deps).invalidate(coachId);
  });

  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("answers a coach's page with the profile in its HTML: name, title, positions, town, rates at the family's price, next time with its zone, rating, reviews", async () => {
    const res = await request(t.app).get(`/coach/${coachId}`).expect(200);
    expect(res.type).toBe("text/html");
    const text = textOf(res.text);
    expect(text).toContain("Riley Coach");
    expect(text).toContain("Former D1 Goalie");
    expect(text).toContain("Goalie");
    expect(text).toContain("Defense");
    expect(text).toContain("Baltimore, MD");
    // Each rate as the family pays it (fee included), not the coach's rate.
    expect(text).toContain(familyPrice("80.00"));
    expect(text).toContain(familyPrice("40.00"));
    expect(text).not.toContain("$80.00");
    // The next open time names its zone, whoever reads it: the server knows no viewer's clock.
    expect(text).toContain("Tue, Jan 12 · 5:00 PM - 6:00 PM EST");
    expect(text).toContain("5.0 (1 review)");
    expect(text).toContain("Our goalie finally steps to the ball. Worth every minute.");
    expect(text).toContain("Dana");
    // All of it in place: nothing left for an inline script to move in (the CSP allows none).
    expect(rootOf(res.text)).not.toContain("<script");
    expect(rootOf(res.text)).not.toContain("<template");
  });

  it("carries the query cache the page was drawn from, under the key the client's profile query reads", async () => {
    const res = await request(t.app).get(`/coach/${coachId}`).expect(200);
    const { queries, drawnAt } = pageStateOf(res.text);
    expect(drawnAt).toBeGreaterThan(0);
    const profile = queries.find((q) => JSON.stringify(q.key) === JSON.stringify(["/api/coaches/profile", coachId]));
    // Exactly what the API answers.
    const api = await request(t.app).get(`/api/coaches/${coachId}/profile`).expect(200);
    expect(profile?.data).toEqual(api.body);
    // The visitor is nobody: the router draws a visitor's pages.
    expect(queries.find((q) => JSON.stringify(q.key) === '["/api/auth/user"]')?.data).toBeNull();
  });

  it("answers an unknown coach with 404 and the spec's message in the HTML", async () => {
    const res = await request(t.app).get("/coach/999999").expect(404);
    expect(textOf(res.text)).toContain("Coach not found or error loading profile");
    // Drawn as the API's answer, which the browser takes without asking again.
    expect(pageStateOf(res.text).queries).toContainEqual({
      key: ["/api/coaches/profile", 999999],
      error: { status: 404, message: "Coach not found" },
    });
  });

  it("answers the booking page with the coach and the times to choose from", async () => {
    const res = await request(t.app).get(`/book-coach/${coachId}`).expect(200);
    const text = textOf(res.text);
    expect(text).toContain("Riley Coach");
    expect(text).toMatch(/5:00 PM - 6:00 PM EST/);
    expect(pageStateOf(res.text).queries.map((q) => q.key)).toContainEqual(["/api/time-slots", coachId, "bookable"]);
  });

  it("answers find coaches with its query's search drawn as coach cards", async () => {
    const res = await request(t.app).get("/find-coaches?position=Goalie&zipcode=21201&radius=25").expect(200);
    const text = textOf(res.text);
    expect(text).toContain("Find a Coach");
    expect(text).toContain("Riley Coach");
    expect(res.text).toContain(`href="/coach/${coachId}"`);
    const search = pageStateOf(res.text).queries.find((q) => q.key[0] === "/api/coaches/search");
    expect(search?.key[1]).toEqual({ position: "Goalie", zipcode: "21201", radius: 25, includeUnavailable: false, verified: false });
    expect((search?.data as { pages: { coaches: { id: number }[] }[] }).pages[0]?.coaches.map((c) => c.id)).toContain(coachId);
  });

  it("answers a place page with its h1, each coach linked to their profile, the price range and the count", async () => {
    const res = await request(t.app).get("/coaches/md/baltimore").expect(200);
    const text = textOf(res.text);
    expect(text).toContain("Lacrosse coaches in Baltimore, MD");
    expect(rootOf(res.text)).toMatch(/<h1[^>]*>Lacrosse coaches in Baltimore, MD<\/h1>/);
    expect(text).toContain("Riley Coach");
    expect(rootOf(res.text)).toMatch(new RegExp(`<a [^>]*href="/coach/${coachId}"[^>]*>Riley Coach</a>`));
    // The family's prices (fee included), lowest to highest, and how many coaches.
    expect(text).toContain(`1 coach · ${familyPrice("40.00")} to ${familyPrice("80.00")} per session`);
    // Its next open time in the coach's zone, named: the server knows no viewer's clock.
    expect(text).toContain("Tue, Jan 12 · 5:00 PM EST");
    expect(rootOf(res.text)).not.toContain("<script");

    const goalies = await request(t.app).get("/coaches/md/baltimore/goalie").expect(200);
    expect(rootOf(goalies.text)).toMatch(/<h1[^>]*>Goalie coaches in Baltimore, MD<\/h1>/);
    expect(goalies.text).toContain(`href="/coach/${coachId}"`);
  });

  it("carries a place page's data under the client's key, equal to what GET /api/places answers", async () => {
    for (const [path, api, key] of [
      ["/coaches/md/baltimore", "/api/places/md/baltimore", ["/api/places", "md", "baltimore", null]],
      ["/coaches/md/baltimore/goalie", "/api/places/md/baltimore/goalie", ["/api/places", "md", "baltimore", "goalie"]],
    ] as const) {
      const { queries } = pageStateOf((await request(t.app).get(path).expect(200)).text);
      const place = queries.find((q) => JSON.stringify(q.key) === JSON.stringify(key));
      expect(place?.data, path).toEqual((await request(t.app).get(api).expect(200)).body);
    }
  });

  it("answers a place with no coach with 404, its page saying so without asking again", async () => {
    for (const [path, key] of [
      ["/coaches/md/nowhere-town", ["/api/places", "md", "nowhere-town", null]],
      ["/coaches/md/baltimore/faceoff", ["/api/places", "md", "baltimore", "faceoff"]],
    ] as const) {
      const res = await request(t.app).get(path).expect(404);
      expect(textOf(res.text), path).toContain("No coaches found in this place.");
      expect(pageStateOf(res.text).queries).toContainEqual({ key, error: { status: 404, message: "No coaches found in this place." } });
    }
  });

  it("answers the landing page, the privacy policy and the terms with their text", async () => {
    const landing = textOf((await request(t.app).get("/landing").expect(200)).text);
    expect(landing).toContain("Find Your Coach");
    expect(landing).toContain("Become a Coach");
    const privacy = textOf((await request(t.app).get("/privacy-policy").expect(200)).text);
    expect(privacy).toContain(privacyPolicy.title);
    expect(privacy).toContain(privacyPolicy.sections[0]!.heading);
    const terms = textOf((await request(t.app).get("/terms-of-service").expect(200)).text);
    expect(terms).toContain(termsOfService.title);
    expect(terms).toContain(termsOfService.sections[0]!.heading);
  });

  it("answers the landing page with links to the places with most coaches, from the data, each a page that answers 200", async () => {
    await insertCoach(t, { zipcode: "21042", specializations: ["Attack"] });
    await insertCoach(t, { zipcode: "21042", specializations: ["Midfield"] });
    const html = (await request(t.app).get("/landing").expect(200)).text;
    // Ellicott City's two coaches first, then Baltimore's one; no town without a coach.
    const links = [...rootOf(html).matchAll(/<a [^>]*href="(\/coaches\/[^"]+)"[^>]*>(.*?)<\/a>/g)].map(([, href, inner]) => ({
      href,
      text: inner!
        .replace(/<[^>]+>|<!--.*?-->/g, " ")
        .replace(/\s+/g, " ")
        .trim(),
    }));
    expect(links).toEqual([
      { href: "/coaches/md/ellicott-city", text: "Lacrosse coaches in Ellicott City, MD 2 coaches" },
      { href: "/coaches/md/baltimore", text: "Lacrosse coaches in Baltimore, MD 1 coach" },
    ]);
    for (const { href } of links) {
      const place = await request(t.app).get(href!);
      expect(place.status, href).toBe(200);
      expect(textOf(place.text), href).toContain(links.find((l) => l.href === href)!.text.replace(/ \d+ coach(es)?$/, ""));
    }
    // Drawn from what the API answers, under the key the client reads (no second read while hydrating).
    const popular = pageStateOf(html).queries.find((q) => JSON.stringify(q.key) === '["/api/places/popular"]');
    expect(popular?.data).toEqual((await request(t.app).get("/api/places/popular").expect(200)).body);
  });

  it("answers the root with the login chooser, but leaves a sign-in or registration form to the browser", async () => {
    const text = textOf((await request(t.app).get("/").expect(200)).text);
    expect(text).toContain("Welcome");
    expect(text).toContain("Terms of Service");
    // A form drawn before the app has taken over would be sent by the browser itself (GET, password in the address).
    for (const path of ["/login?intent=player", "/?tab=register"]) {
      const html = (await request(t.app).get(path).expect(200)).text;
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain("<form");
    }
  });

  it("asks for a drawn page's scripts only after its first paint, through the boot script; /login, drawn by the browser, keeps its own", async () => {
    const drawn = (await request(t.app).get(`/coach/${coachId}`).expect(200)).text;
    expect(drawn).toMatch(/<script defer src="\/first-screen-boot.js" data-entry="\/assets\/index-E.js" data-preload="[^"]*"><\/script>/);
    expect(drawn).not.toMatch(/modulepreload|type="module"/);
    const { agent } = await makePlayer(t);
    const signedIn = (await agent.get("/login")).text;
    expect(signedIn).toContain('<script type="module" crossorigin src="/assets/index-E.js">');
  });

  it("leaves a signed-in user's pages as they were (no drawn page, no page state)", async () => {
    const { agent } = await makePlayer(t);
    const html = (await agent.get(`/coach/${coachId}`).expect(200)).text;
    expect(html).not.toContain('id="page-state"');
  });

  it("keeps a coach's page between requests, and drops it when the coach replies to a review", async () => {
    const coach = await createBookableCoach(t);
    const { userId: studentId } = await insertPlayer(t, { firstName: "Sam", lastName: "Ortiz" });
    const slot = await insertSlot(t, coach.coachId, "2026-10-10T15:00:00.000Z");
    const bookingId = await insertBooking(t, { slotId: slot, coachId: coach.coachId, studentId, status: "completed" });
    const [review] = await t.deps.database.db
      .insert(reviews)
      .values({ bookingId, coachId: coach.coachId, studentId, rating: 4, comment: "Clear drills, on time." })
      .returning({ id: reviews.id });
    coachDirectoryFor(t.deps).invalidate(coach.coachId);
    const cache = renderedPageCacheFor(t.deps);
    await cache.listening;

    const first = (await request(t.app).get(`/coach/${coach.coachId}`).expect(200)).text;
    expect(textOf(first)).toContain("Clear drills, on time.");
    const keptBefore = cache.size();
    expect(keptBefore).toBeGreaterThan(0);
    expect((await request(t.app).get(`/coach/${coach.coachId}`)).text).toBe(first);

    const replied = await post(t, `/api/reviews/${review!.id}/reply`, coach.cookie, { reply: "Thanks, see you Tuesday." });
    expect(replied.status).toBe(200);
    expect(textOf((await request(t.app).get(`/coach/${coach.coachId}`)).text)).toContain("Thanks, see you Tuesday.");
  });

  it("sends a visitor's kept page as it was compressed for that encoding, with its ETag, reading nothing again", async () => {
    await renderedPageCacheFor(t.deps).listening;
    const visit = (encoding: string, etag?: string) => {
      const req = request(t.app).get(`/coach/${coachId}`).set("Accept-Encoding", encoding);
      return etag ? req.set("If-None-Match", etag) : req;
    };
    const statements = (res: request.Response) => Number(res.headers["x-sql-statements"]);
    await visit("br");
    const brotli = await visit("br");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(statements(brotli)).toBe(0);
    expect((await visit("br")).headers.etag).toBe(brotli.headers.etag);

    const gzip = await visit("gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.headers.vary).toMatch(/Cookie/);
    expect(textOf(gzip.text)).toContain("Riley");
    expect(gzip.headers.etag).not.toBe(brotli.headers.etag);

    const unchanged = await visit("br", brotli.headers.etag);
    expect(unchanged.status).toBe(304);
    expect(unchanged.text).toBe("");
  });

  it("draws the landing page for each request, so an admin's new testimonial shows at once", async () => {
    await renderedPageCacheFor(t.deps).listening;
    await request(t.app).get("/landing").expect(200);
    await t.deps.database.db.insert(testimonials).values({ name: "Jordan Lee", content: "Our son's footwork changed in a month." });
    expect(textOf((await request(t.app).get("/landing")).text)).toContain("Our son's footwork changed in a month.");
  });

  it("shows a coach's change at once, across processes by the calendar events", async () => {
    await renderedPageCacheFor(t.deps).listening;
    expect(textOf((await request(t.app).get(`/coach/${coachId}`)).text)).toContain("Former D1 Goalie");
    // A change written past this process's services, announced as another process's would be.
    await t.deps.database.db.update(coaches).set({ title: "Head Goalie Coach" }).where(eq(coaches.id, coachId));
    coachDirectoryFor(t.deps).invalidate(coachId);
    await t.deps.events.publish({ type: "coach_updated", coachId });
    await expect.poll(async () => textOf((await request(t.app).get(`/coach/${coachId}`)).text)).toContain("Head Goalie Coach");
  });

  // Last: its coach joins Baltimore, which the place pages above count.
  it("reads a coach's profile once for a page drawn afresh: its head and its drawing share the read", async () => {
    const { coachId: fresh } = await insertCoach(t, { zipcode: "21201", specializations: ["Attack"], firstName: "Jordan" });
    await insertSlot(t, fresh, "2027-01-13T22:00:00.000Z");
    coachDirectoryFor(t.deps).invalidate(fresh);
    const statements = (res: request.Response) => Number(res.headers["x-sql-statements"]);
    const profile = statements(await request(t.app).get(`/api/coaches/${fresh}/profile`).expect(200));
    // Nothing of this page is kept yet: the head and the drawing both need the profile; one more
    // statement checks that the coach is public.
    const page = await request(t.app).get(`/coach/${fresh}`).expect(200);
    expect(textOf(page.text)).toContain("Jordan Coach");
    expect(statements(page)).toBeLessThanOrEqual(profile + 1);
  });
});
