import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaidBooking } from "../factories/paid-booking";
import { createPerson } from "../factories/bookings";
import { startTestApp, type TestApp } from "../support/test-app";

/**
 * "The server never answers 500 to anything a client can send": every API route, called by every
 * kind of user, with ids that exist, do not exist or are not ids, and with bodies of the wrong
 * shape. Each answer must be a client error or a success, with a message when it is an error.
 */
const routes: [string, string][] = [
  ["delete", "/admin/content-blocks/:id"],
  ["delete", "/admin/testimonials/:id"],
  ["delete", "/session-requests/:id"],
  ["delete", "/time-slots/:id"],
  ["get", "/bookings/:id"],
  ["get", "/coaches/:id/profile"],
  ["get", "/coaches/:id/promo.png"],
  ["get", "/coaches/user/:id"],
  ["get", "/geo/zip/:id"],
  ["get", "/session-requests/coach/:id"],
  ["get", "/time-slots/:id"],
  ["get", "/time-slots/single/:id"],
  ["get", "/coaches/search"],
  ["get", "/coaches/recommendations"],
  ["get", "/coaches/quick-matches"],
  ["patch", "/users/profile"],
  ["post", "/admin/content-blocks"],
  ["post", "/admin/testimonials"],
  ["post", "/auth/forgot-password"],
  ["post", "/auth/login"],
  ["post", "/auth/register"],
  ["post", "/auth/reset-password"],
  ["post", "/auth/verify-reset-token"],
  ["post", "/bookings"],
  ["post", "/bookings/:id/cancel"],
  ["post", "/bookings/:id/submit-feedback"],
  ["post", "/coaches"],
  ["post", "/confirm-payment"],
  ["post", "/contact"],
  ["post", "/create-payment-intent"],
  ["post", "/payments/simulated/confirm"],
  ["post", "/payments/simulated/onboarding/complete"],
  ["post", "/session-requests"],
  ["post", "/session-requests/:id/accept"],
  ["post", "/session-requests/:id/decline"],
  ["post", "/stripe/connect/create-account"],
  ["post", "/stripe/connect/dashboard-link"],
  ["post", "/stripe/connect/onboarding-link"],
  ["post", "/stripe/session-details"],
  ["post", "/stripe/webhook"],
  ["post", "/test/clock"],
  ["post", "/time-slots"],
  ["post", "/update-payment-intent"],
  ["post", "/upload"],
  ["post", "/upload/profile-image"],
  ["put", "/admin/content-blocks/:id"],
  ["put", "/admin/testimonials/:id"],
  ["put", "/coaches/:id"],
  ["put", "/time-slots/:id"],
  ["put", "/user/preferences"],
  ["put", "/users/:id"],
  ["get", "/athletes/:id/progress"],
  ["get", "/skills"],
  ["get", "/coach/earnings"],
  ["get", "/coach/earnings.csv"],
  ["get", "/coach/statements/:id"],
  ["get", "/coach/statements/:id.pdf"],
  ["post", "/bookings/:id/no-show"],
  ["post", "/admin/bookings/:id/reverse-no-show"],
];

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
}, 120_000);

afterAll(async () => t?.close());

describe("no request a client can send gets a 500", () => {
  for (const role of ["signed out", "player", "coach", "admin"]) {
    it(`answers every route with a 2xx or a 4xx with a message, as ${role}`, async () => {
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
