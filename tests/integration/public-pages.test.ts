import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlacePage, PlaceSummary } from "@contract/place-pages";
import { coaches, users } from "@server/db/schema/index";
import { recordSqlStatements } from "@server/db/statement-count";
import { getPlacePage } from "@server/features/places/places.service";
import { mountClient } from "@server/http/client-assets";
import { createPaidBooking, passSessionEnd } from "@tests/factories/paid-booking";
import { makeCoach } from "@tests/factories/coaches";
import { makePlayer, registerUser } from "@tests/factories/users";
import { startTestApp, type TestApp } from "@tests/support/test-app";
import { insertReview } from "./search-support";
import { SCHEMA_ORG_PROPERTIES } from "./schema-org-properties";

/** DESIGN.md 12, "Public pages on the server", read over plain HTTP as a crawler with scripts off reads it. */
describe("public pages as search engines and link previews read them", () => {
  let t: TestApp;
  let distDir: string;
  const APP_URL = "http://localhost:5000";

  beforeAll(async () => {
    t = await startTestApp();
    distDir = mkdtempSync(path.join(tmpdir(), "lacrosse-public-pages-"));
    mkdirSync(path.join(distDir, "assets"));
    writeFileSync(path.join(distDir, "assets/index-E.js"), "export {};\n");
    writeFileSync(
      path.join(distDir, "index.html"),
      '<!doctype html><html><head><meta name="description" content="Find a lacrosse coach near you." /><title>LaxCoach</title></head><body><div id="root"></div></body></html>',
    );
    await mountClient(t.app, { dev: false, server: createServer(), distDir });
  }, 180_000);

  afterAll(async () => {
    await t.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  const page = (p: string) => request(t.app).get(p);
  const metaOf = (html: string, key: string) =>
    new RegExp(`<meta (?:name|property)="${key.replace(/[:]/g, "\\$&")}" content="([^"]*)"`).exec(html)?.[1];
  const jsonLdOf = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);

  describe("status tells the truth", () => {
    it("a known coach's page is 200; an unknown path, unknown coach, empty place and missing asset are 404", async () => {
      const { coach } = await makeCoach(t, { zipcode: "21201", specializations: ["Midfield"] });
      expect((await page(`/coach/${coach.id}`)).status).toBe(200);
      expect((await page(`/book-coach/${coach.id}`)).status).toBe(200);
      const unknownPath = await page("/no-such-page");
      expect(unknownPath.status).toBe(404);
      expect(unknownPath.headers["content-type"]).toMatch(/text\/html/);
      expect(unknownPath.text).toContain('<div id="root">');
      for (const p of ["/coach/999999", "/book-coach/999999", "/coach/abc", "/coaches/md/baltimore/goalie", "/coaches/zz/nowhere"]) {
        const res = await page(p);
        expect(res.status, p).toBe(404);
        expect(metaOf(res.text, "robots"), p).toBe("noindex");
      }
      const asset = await page("/assets/gone-123.js");
      expect(asset.status).toBe(404);
      expect(asset.text).not.toContain("<html");
      expect((await page("/assets/index-E.js")).status).toBe(200);
    });

    it("a suspended coach's page, image and place are gone", async () => {
      const { coach, user } = await makeCoach(t, { zipcode: "21401", specializations: ["Defense"] });
      expect((await page(`/coach/${coach.id}`)).status).toBe(200);
      await t.deps.database.db.update(users).set({ accountSuspendedAt: new Date() }).where(eq(users.id, user.id));
      // As the admin's suspension announces it (moderation.service.ts), heard by every process.
      await t.deps.events.publish({ type: "coach_updated", coachId: coach.id });
      expect((await page(`/coach/${coach.id}`)).status).toBe(404);
      expect((await page(`/og/coach/${coach.id}.png`)).status).toBe(404);
    });
  });

  describe("head and sharing", () => {
    it("a coach page carries its title, description, canonical, Open Graph and Twitter card", async () => {
      const { coach } = await makeCoach(t, { firstName: "Morgan", lastName: "Reyes", zipcode: "21201", specializations: ["Goalie"] });
      const html = (await page(`/coach/${coach.id}`)).text;
      const title = "Morgan Reyes, Former D1 Midfielder: lacrosse coach in Baltimore, MD | LaxCoach";
      expect(html).toContain(`<title>${title}</title>`);
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html.match(/<meta name="description"/g)).toHaveLength(1);
      expect(metaOf(html, "description")).toMatch(/^Morgan Reyes coaches Goalie lacrosse in Baltimore, MD\. Sessions from \$46\.00\./);
      expect(html).toContain(`<link rel="canonical" href="${APP_URL}/coach/${coach.id}" />`);
      expect(metaOf(html, "og:title")).toBe(title);
      expect(metaOf(html, "og:description")).toBe(metaOf(html, "description"));
      expect(metaOf(html, "og:url")).toBe(`${APP_URL}/coach/${coach.id}`);
      expect(metaOf(html, "og:type")).toBe("profile");
      expect(metaOf(html, "og:image")).toBe(`${APP_URL}/og/coach/${coach.id}.png`);
      expect(metaOf(html, "twitter:card")).toBe("summary_large_image");
      expect(metaOf(html, "robots")).toBeUndefined();
    });

    it("a place page carries its heading as title, a description with count and prices, canonical and Open Graph", async () => {
      await makeCoach(t, {
        zipcode: "21042",
        specializations: ["Goalie"],
        rates: [{ sessionType: "individual", duration: 60, rate: "80.00" }],
      });
      const res = await page("/coaches/md/ellicott-city/goalie");
      expect(res.status).toBe(200);
      expect(res.text).toContain("<title>Goalie coaches in Ellicott City, MD | LaxCoach</title>");
      expect(metaOf(res.text, "description")).toBe(
        "Compare 1 goalie coach in Ellicott City, MD: open times, ratings and reviews. Sessions at $92.00. Book and pay online.",
      );
      expect(res.text).toContain(`<link rel="canonical" href="${APP_URL}/coaches/md/ellicott-city/goalie" />`);
      // The same page at a trailing slash names the one address.
      expect((await page("/coaches/md/ellicott-city/goalie/")).text).toContain(
        `<link rel="canonical" href="${APP_URL}/coaches/md/ellicott-city/goalie" />`,
      );
      expect(metaOf(res.text, "og:url")).toBe(`${APP_URL}/coaches/md/ellicott-city/goalie`);
      expect(metaOf(res.text, "og:type")).toBe("website");
      expect(metaOf(res.text, "twitter:card")).toBe("summary_large_image");
      const [list, crumbs] = jsonLdOf(res.text);
      expect(list).toMatchObject({ "@type": "ItemList", numberOfItems: 1 });
      expect(crumbs).toMatchObject({
        "@type": "BreadcrumbList",
        itemListElement: [
          { position: 1, name: "Find coaches", item: `${APP_URL}/find-coaches` },
          { position: 2, name: "Ellicott City, MD", item: `${APP_URL}/coaches/md/ellicott-city` },
          { position: 3, name: "Goalie coaches", item: `${APP_URL}/coaches/md/ellicott-city/goalie` },
        ],
      });
      for (const item of [list, crumbs]) expectSchemaOrg(item);
      // Another position of the same town has no coach: 404.
      expect((await page("/coaches/md/ellicott-city/faceoff")).status).toBe(404);
    });

    it("the coach's share link is the page's canonical address, its preview the page's Open Graph title, description and image", async () => {
      const { coach, agent } = await makeCoach(t, { firstName: "Jamie", lastName: "Lowe", zipcode: "21201", specializations: ["Attack"] });
      const html = (await page(`/coach/${coach.id}`)).text;
      const link = (await agent.get("/api/coach/share-link").expect(200)).body as Record<string, unknown>;
      const unescape = (text: string | undefined) =>
        text
          ?.replace(/&#39;/g, "'")
          .replace(/&quot;/g, '"')
          .replace(/&amp;/g, "&");
      expect(link).toEqual({
        coachId: coach.id,
        url: `${APP_URL}/coach/${coach.id}`,
        title: unescape(metaOf(html, "og:title")),
        description: unescape(metaOf(html, "og:description")),
        imageUrl: `${APP_URL}/og/coach/${coach.id}.png`,
        imagePath: `/og/coach/${coach.id}.png`,
        siteName: "LaxCoach",
        host: "localhost:5000",
      });
      expect(link.title).toBe("Jamie Lowe, Former D1 Midfielder: lacrosse coach in Baltimore, MD | LaxCoach");
      expect((await page(link.imagePath as string)).status).toBe(200);
    });

    it("the share link is a coach's own: 401 for a visitor, 403 for a player, 404 for a coach with no profile yet", async () => {
      expect((await page("/api/coach/share-link")).status).toBe(401);
      const { agent: player } = await makePlayer(t);
      expect((await player.get("/api/coach/share-link")).status).toBe(403);
      const { agent: newCoach } = await registerUser(t.agent(), { userType: "coach" });
      const res = await newCoach.get("/api/coach/share-link");
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Coach profile not found");
    });

    it("a signed-in page carries noindex in its head and its headers; a listed public page does not", async () => {
      const { agent } = await makePlayer(t);
      const res = await agent.get("/my-bookings");
      expect(res.status).toBe(200);
      expect(res.headers["x-robots-tag"]).toBe("noindex");
      expect(metaOf(res.text, "robots")).toBe("noindex");
      expect(res.text).not.toContain('rel="canonical"');
      const landing = await page("/landing");
      expect(landing.headers["x-robots-tag"]).toBeUndefined();
      expect(landing.text).toContain(`<link rel="canonical" href="${APP_URL}/landing" />`);
      const search = await page("/find-coaches?zipcode=21201&utm_source=x&position=Goalie");
      expect(search.text).toContain(`<link rel="canonical" href="${APP_URL}/find-coaches?position=Goalie&amp;zipcode=21201" />`);
    });
  });

  describe("JSON-LD of a coach", () => {
    it("is a Person offering each rate at the family's price in USD, with no rating or review before a real review", async () => {
      const { coach } = await makeCoach(t, { zipcode: "21201", specializations: ["Attack"] });
      const [graph] = jsonLdOf((await page(`/coach/${coach.id}`)).text);
      expectSchemaOrg(graph!);
      const [person, service] = (graph as { "@graph": Record<string, unknown>[] })["@graph"];
      expect(person).toMatchObject({
        "@type": "Person",
        name: "Casey Coach",
        jobTitle: "Former D1 Midfielder",
        url: `${APP_URL}/coach/${coach.id}`,
      });
      // $85.00, $50.00 and $40.00 rates: what a family pays, the 15% fee included.
      const offers = (person!.makesOffer as { price: string; priceCurrency: string }[]).map((o) => `${o.price} ${o.priceCurrency}`);
      expect(offers.sort()).toEqual(["46.00 USD", "57.50 USD", "97.75 USD"]);
      expect(person).not.toHaveProperty("hasCredential");
      expect(service).not.toHaveProperty("aggregateRating");
      expect(service).not.toHaveProperty("review");
    });

    it("carries the rating and the reviews once a family has reviewed a taught session", async () => {
      const paid = await createPaidBooking(t);
      await passSessionEnd(t, paid);
      await insertReview(t, paid.bookingId, paid.coach.coachId, paid.student.userId, 4);
      const [graph] = jsonLdOf((await page(`/coach/${paid.coach.coachId}`)).text);
      expectSchemaOrg(graph!);
      const service = (graph as { "@graph": Record<string, unknown>[] })["@graph"][1];
      expect(service).toMatchObject({
        "@type": "Service",
        aggregateRating: { "@type": "AggregateRating", ratingValue: 4, reviewCount: 1, bestRating: 5 },
        review: [{ "@type": "Review", reviewRating: { ratingValue: 4 }, reviewBody: "Great session" }],
      });
    });
  });

  describe("sitemap and robots", () => {
    it("robots.txt allows the public pages and what they read, closes the rest of the API and names the sitemap", async () => {
      const res = await page("/robots.txt");
      expect(res.status).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/plain/);
      expect(res.text).toContain("Allow: /\n");
      expect(res.text).toContain("Allow: /api/coaches/*/profile\n");
      expect(res.text).toContain("Allow: /api/places\n");
      expect(res.text).toContain("Disallow: /api/\n");
      expect(res.text).toContain(`Sitemap: ${APP_URL}/sitemap.xml`);
      expect(res.text).not.toMatch(/Disallow: \/(coach|assets|og)/);
    });

    it("the index names the coach and place files; the coach file's lastmod moves when the profile changes", async () => {
      const { coach, agent } = await makeCoach(t, { zipcode: "21201", specializations: ["Faceoff"] });
      const index = await page("/sitemap.xml");
      expect(index.status).toBe(200);
      expect(index.headers["content-type"]).toMatch(/^application\/xml/);
      expect(index.text).toContain("<sitemapindex");
      expect(index.text).toContain(`<loc>${APP_URL}/sitemaps/coaches-1.xml</loc>`);
      expect(index.text).toContain(`<loc>${APP_URL}/sitemaps/places.xml</loc>`);
      const lastmodOf = (xml: string) =>
        new RegExp(`<url><loc>${APP_URL}/coach/${coach.id}</loc><lastmod>([^<]+)</lastmod></url>`).exec(xml)?.[1];
      const before = lastmodOf((await page("/sitemaps/coaches-1.xml")).text);
      expect(before).toBeDefined();
      await new Promise((resolve) => setTimeout(resolve, 20));
      const edited = await agent.put(`/api/coaches/${coach.id}`).send({ title: "Faceoff specialist" });
      expect(edited.status).toBe(200);
      const after = lastmodOf((await page("/sitemaps/coaches-1.xml")).text);
      expect(after).toBeDefined();
      expect(after! > before!).toBe(true);
      expect((await page("/sitemaps/coaches-2.xml")).status).toBe(404);
      expect((await page("/sitemaps/other.xml")).status).toBe(404);
    });

    it("the places file lists each place with a coach and its position pages, never an empty one", async () => {
      const xml = (await page("/sitemaps/places.xml")).text;
      expect(xml).toContain(`<loc>${APP_URL}/coaches/md/baltimore</loc>`);
      expect(xml).toContain(`<loc>${APP_URL}/coaches/md/baltimore/goalie</loc>`);
      expect(xml).toContain(`<loc>${APP_URL}/landing</loc>`);
      expect(xml).not.toContain("/coaches/md/ellicott-city/faceoff");
      // The suspended coach's town (Annapolis) has no other coach.
      expect(xml).not.toContain("/coaches/md/annapolis");
    });
  });

  describe("place data", () => {
    it("answers the place's coaches with links, price range at the family's price, count and next open times", async () => {
      const list = (await request(t.app).get("/api/places")).body as PlaceSummary[];
      const baltimore = list.find((p) => p.path === "/coaches/md/baltimore");
      expect(baltimore).toMatchObject({ state: "md", city: "baltimore", cityName: "Baltimore" });
      const res = await request(t.app).get("/api/places/md/baltimore");
      expect(res.status).toBe(200);
      const place = res.body as PlacePage;
      expect(place.heading).toBe("Lacrosse coaches in Baltimore, MD");
      expect(place.coachCount).toBe(baltimore!.coachCount);
      expect(place.priceRange).toEqual({ min: "$46.00", max: "$97.75" });
      expect(place.coaches[0]).toMatchObject({ path: `/coach/${place.coaches[0]!.id}`, fromPrice: { price: "$46.00", duration: 60 } });
      const goalie = (await request(t.app).get("/api/places/md/baltimore/goalie")).body as PlacePage;
      expect(goalie.heading).toBe("Goalie coaches in Baltimore, MD");
      expect(goalie.coaches.map((c) => c.name)).toEqual(["Morgan Reyes"]);
      expect((await request(t.app).get("/api/places/md/baltimore/goalkeeper")).status).toBe(404);
      expect((await request(t.app).get("/api/places/MD/baltimore")).status).toBe(404);
      expect((await request(t.app).get("/api/places/md/nowhere")).body).toEqual({
        message: "No coaches found in this place.",
        code: "NOT_FOUND",
      });
    });
  });

  describe("places follow their coaches", () => {
    it("a coach who moves leaves the old town and joins the new one at once, and only that coach is read again", async () => {
      const { coach } = await makeCoach(t, { zipcode: "21201", specializations: ["Attack"] });
      await t.deps.database.db.update(coaches).set({ location: "Oella Mills, MD" }).where(eq(coaches.id, coach.id));
      await t.deps.events.publish({ type: "coach_updated", coachId: coach.id });
      const before = await request(t.app).get("/api/places/md/oella-mills");
      expect(before.status).toBe(200);
      expect((before.body as PlacePage).coaches.map((c) => c.id)).toEqual([coach.id]);

      // The move, as a profile edit announces it (coaches.service.ts): heard by every process.
      await t.deps.database.db.update(coaches).set({ location: "Quarry Hollow, MD" }).where(eq(coaches.id, coach.id));
      await t.deps.events.publish({ type: "coach_updated", coachId: coach.id });
      const { result: moved, recorded } = await recordSqlStatements(() => getPlacePage(t.deps, "md", "quarry-hollow", null));
      expect(moved.coaches.map((c) => c.id)).toEqual([coach.id]);
      expect(moved.nearby.map((p) => p.path)).not.toContain("/coaches/md/oella-mills");
      // The town index read the one coach that changed, not every coach.
      const townReads = recorded.filter((r) => r.text.includes("c.location is not null"));
      expect(townReads).toHaveLength(1);
      expect(townReads[0]!.params).toContain(`{${coach.id}}`);
      expect((await request(t.app).get("/api/places/md/oella-mills")).status).toBe(404);
      const listed = (await request(t.app).get("/api/places")).body as PlaceSummary[];
      expect(listed.map((p) => p.path)).toContain("/coaches/md/quarry-hollow");
      expect(listed.map((p) => p.path)).not.toContain("/coaches/md/oella-mills");
    });
  });

  describe("a coach's preview image", () => {
    it("is a 1200x630 PNG with an ETag, answered 304 while unchanged and redrawn after an edit", async () => {
      const { coach, agent } = await makeCoach(t, { zipcode: "21201", specializations: ["Attack"] });
      const res = await page(`/og/coach/${coach.id}.png`).buffer(true);
      expect(res.status).toBe(200);
      expect(res.headers["content-type"]).toBe("image/png");
      const meta = await sharp(res.body as Buffer).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["png", 1200, 630]);
      const etag = res.headers.etag as string;
      expect((await page(`/og/coach/${coach.id}.png`).set("If-None-Match", etag)).status).toBe(304);
      await new Promise((resolve) => setTimeout(resolve, 20));
      await agent.put(`/api/coaches/${coach.id}`).send({ title: "Attack coach" });
      const again = await page(`/og/coach/${coach.id}.png`).set("If-None-Match", etag);
      expect(again.status).toBe(200);
      expect(again.headers.etag).not.toBe(etag);
      expect((await page("/og/coach/999999.png")).status).toBe(404);
    });
  });
});

/** Every property of a JSON-LD node is one schema.org defines for its type (or a parent's), at every depth. */
function expectSchemaOrg(node: unknown, where = "$"): void {
  if (Array.isArray(node)) return node.forEach((item, i) => expectSchemaOrg(item, `${where}[${i}]`));
  if (node === null || typeof node !== "object") return;
  const record = node as Record<string, unknown>;
  const type = record["@type"];
  if (typeof type === "string") {
    const allowed = SCHEMA_ORG_PROPERTIES[type];
    expect(allowed, `${where}: schema.org type ${type}`).toBeDefined();
    for (const key of Object.keys(record)) {
      if (key.startsWith("@")) continue;
      expect(allowed, `${where}.${key} on ${type}`).toContain(key);
    }
  }
  for (const [key, value] of Object.entries(record)) expectSchemaOrg(value, `${where}.${key}`);
}
