import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaidBooking } from "@tests/factories/paid-booking";
import { createPerson } from "@tests/factories/bookings";
import { apiRoutes } from "@tests/support/route-list";
import { startTestApp, type TestApp } from "@tests/support/test-app";

/**
 * "The server never answers 500 to anything a client can send": every API route, called by every
 * kind of user, with ids that exist, do not exist or are not ids, and with bodies of the wrong
 * shape. Each answer must be a client error or a success, with a message when it is an error.
 */
// Every route the app has, read from its router (the list docs/ROUTES.md is made from), so a new
// route is fuzzed without being named here. Signing out goes last, so the other routes run signed in.
let routes: [method: string, template: string][];

const ids = ["1", "999999", "abc", "-1", "1.5", "99999999999999999999"];
const bodies: unknown[] = [
  {},
  [],
  { id: "x", email: 42, password: null, timeSlotId: "abc", rateId: [], duration: "sixty", date: "2026-02-30", startTime: "25:99" },
  { tipAmount: -5, rating: 99, capacity: 1e9, advanceMinutes: "lots", reason: "   ", feedback: {} },
  [{ date: "yesterday", startTime: null, endTime: 7, isGroup: "maybe", capacity: -3 }],
  { paymentIntentId: { $ne: null }, cardNumber: 4242, bookingId: "1; drop table bookings" },
  { coachId: 1, requestedDate: "2020-01-01", requestedStartTime: "09:00", sessionType: "solo", duration: 45 },
  { zipcode: "ABCDE", specializations: "Goalie", rates: [{ sessionType: "group", duration: 60, rate: "-1" }], title: "x".repeat(10_000) },
];
const queries = [
  "",
  "?specialization=Goalie&zipcode=abc&radius=7",
  "?minPrice=-1&maxPrice=abc&maxDistance=1e99&specialties=,,,",
  "?fromDate=garbage&includeBookingCounts=maybe",
  "?from=2026-13-45&to=yesterday&interval=day&position=Nope&bookingId=1e9",
];

let t: TestApp;
let cookies: Record<string, string | undefined>;

beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAILS: "fuzz-admin@example.com", AUTH_IP_LIMIT: "100000" });
  // Real records behind id 1, so the routes get past "not found" into their rules.
  const paid = await createPaidBooking(t);
  const admin = await createPerson(t, "admin");
  cookies = { "signed out": undefined, player: paid.student.cookie, coach: paid.coach.cookie, admin: admin.cookie };
  const endsSession = (template: string) => template === "/auth/logout";
  routes = apiRoutes(t.app)
    .map((r): [string, string] => [r.method.toLowerCase(), r.path.replace(/^\/api/, "").replace(/:\w+/g, ":id")])
    .sort(([, a], [, b]) => Number(endsSession(a)) - Number(endsSession(b)));
}, 120_000);

afterAll(async () => t?.close());

describe("no request a client can send gets a 500", () => {
  for (const role of ["signed out", "player", "coach", "admin"]) {
    it(`answers every route with a 2xx or a 4xx with a message, as ${role}`, async () => {
      expect(routes.length).toBeGreaterThan(80);
      const failures: string[] = [];
      for (const [method, template] of routes) {
        const paths = template.includes(":id") ? ids.map((id) => template.replace(":id", id)) : queries.map((q) => template + q);
        for (const path of paths) {
          for (const body of method === "get" || method === "delete" ? [undefined] : bodies) {
            let req = request(t.app)[method as "get"](`/api${path}`);
            const cookie = cookies[role];
            if (cookie) req = req.set("Cookie", cookie);
            const res = body === undefined ? await req : await req.send(body as object);
            if (res.status >= 500) failures.push(`${method.toUpperCase()} ${path} ${JSON.stringify(body)} -> ${res.status} ${res.text}`);
            else if (res.status >= 400 && typeof res.body?.message !== "string")
              failures.push(`${method.toUpperCase()} ${path} -> ${res.status} without a message`);
          }
        }
      }
      expect(failures).toEqual([]);
    }, 180_000);
  }
});
