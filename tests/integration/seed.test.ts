import { TZDate } from "@date-fns/tz";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { seedDemoData } from "@server/db/seed/seed-demo";
import { randomClientIp } from "@tests/factories/users";
import { useTestApp } from "@tests/support/test-app";

const t = useTestApp({ SEED_DEMO: "true" });

type Row = Record<string, unknown>;
async function query<T = Row>(text: string): Promise<T[]> {
  const result = await t.deps.database.db.execute(sql.raw(text));
  return ((result as { rows?: T[] }).rows ?? (result as unknown as T[])) as T[];
}

const login = (email: string) =>
  t.agent().post("/api/auth/login").set("X-Forwarded-For", randomClientIp()).send({ email, password: "password123" });

describe("demo seed", () => {
  it("creates about 40 coaches with profiles, positions, photos and rates", async () => {
    const coaches = await query<{ n: number }>("select count(*)::int as n from coaches");
    expect(coaches[0]?.n).toBeGreaterThanOrEqual(38);
    expect(coaches[0]?.n).toBeLessThanOrEqual(45);
    const incomplete = await query(
      "select id from coaches where title = '' or bio = '' or location is null or profile_image_url is null or cardinality(specializations) = 0",
    );
    expect(incomplete).toEqual([]);
    const withoutIndividualRates = await query(
      "select c.id from coaches c where (select count(*) from rates r where r.coach_id = c.id and r.session_type = 'individual') <> 2",
    );
    expect(withoutIndividualRates).toEqual([]);
    const withGroupRates = await query<{ n: number }>("select count(distinct coach_id)::int as n from rates where session_type = 'group'");
    expect(withGroupRates[0]?.n).toBeGreaterThan((coaches[0]?.n ?? Infinity) / 2);
  });

  it("spreads coaches over several metro areas with the time zone of their ZIP", async () => {
    const zones = await query<{ time_zone: string }>("select distinct time_zone from coaches order by 1");
    expect(zones.map((z) => z.time_zone)).toEqual(["America/Chicago", "America/Denver", "America/Los_Angeles", "America/New_York"]);
    const mismatched = await query("select c.id from coaches c join zip_codes z on z.zip = c.zipcode where z.time_zone <> c.time_zone");
    expect(mismatched).toEqual([]);
    const states = await query("select distinct split_part(location, ', ', 2) from coaches");
    expect(states.length).toBeGreaterThanOrEqual(8);
  });

  it("gives every coach individual and group slots on whole hours in their own zone over the next three weeks", async () => {
    const now = t.deps.clock.now();
    const slots = await query<{
      coach_id: number;
      starts_at: string | Date;
      ends_at: string | Date;
      is_group: boolean;
      capacity: number;
      time_zone: string;
    }>(
      "select s.coach_id, s.starts_at, s.ends_at, s.is_group, s.capacity, c.time_zone from time_slots s join coaches c on c.id = s.coach_id",
    );
    const coachIds = new Set(slots.map((s) => s.coach_id));
    expect(coachIds.size).toBe((await query("select id from coaches")).length);
    for (const s of slots) {
      const startsAt = new Date(s.starts_at);
      expect(startsAt.getTime()).toBeGreaterThan(now.getTime());
      expect(startsAt.getTime()).toBeLessThan(now.getTime() + 22 * 24 * 3600_000);
      const local = TZDate.tz(s.time_zone, startsAt.getTime());
      expect(local.getMinutes()).toBe(0);
      expect(local.getHours()).toBeGreaterThanOrEqual(9);
      expect(local.getHours()).toBeLessThanOrEqual(19);
      if (s.is_group) expect(s.capacity).toBeGreaterThanOrEqual(2);
      else expect(s.capacity).toBe(1);
    }
    const groupCoaches = new Set(slots.filter((s) => s.is_group).map((s) => s.coach_id));
    expect(groupCoaches.size).toBeGreaterThan(coachIds.size / 2);
  });

  it("lets the demo player sign in without the setup wizard", async () => {
    const res = await login("player@demo.test");
    expect(res.status).toBe(200);
    expect(res.body.redirectUrl).toBe("/");
    expect(res.body.user).toMatchObject({ userType: "player", position: "Midfield" });
    expect(res.body.user.phoneNumber).toBeTruthy();
  });

  it("lets the demo coach sign in to a complete profile", async () => {
    const res = await login("coach@demo.test");
    expect(res.status).toBe(200);
    expect(res.body.redirectUrl).toBe("/coach-dashboard");
    const agent = t.agent();
    await agent
      .post("/api/auth/login")
      .set("X-Forwarded-For", randomClientIp())
      .send({ email: "coach@demo.test", password: "password123" });
    const profile = await agent.get(`/api/coaches/user/${res.body.user.id}`);
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ location: "Baltimore, MD", timeZone: "America/New_York" });
    expect(profile.body.rates).toHaveLength(4);
    const photo = await t.agent().get(profile.body.profileImageUrl).buffer(true);
    expect(photo.status).toBe(200);
    expect((await sharp(photo.body as Buffer).metadata()).format).toBe("webp");
  });

  it("screens every coach, so the first run's search shows their badges and the verified filter keeps them all (DESIGN 12)", async () => {
    const search = (query: Record<string, string>) =>
      t
        .agent()
        .get("/api/coaches/search")
        .query({ specialization: "Midfield", zipcode: "21210", ...query });
    const all = await search({});
    expect(all.status).toBe(200);
    const cards = all.body as { id: number; firstName: string; badges: { kind: string; label: string; expiresOn: string | null }[] }[];
    expect(cards.length).toBeGreaterThan(0);
    const today = new Date(t.deps.clock.now().getTime()).toISOString().slice(0, 10);
    for (const card of cards) {
      const kinds = card.badges.map((b) => b.kind);
      expect(kinds.slice(0, 2)).toEqual(["safesport", "background_check"]);
      expect(card.badges[0]?.label).toBe("SafeSport trained");
      // Current for two more months at least: the first run mails no coach about an expiry.
      for (const b of card.badges)
        expect(b.expiresOn! > new Date(Date.parse(today) + 60 * 86_400_000).toISOString().slice(0, 10)).toBe(true);
    }
    expect(JSON.stringify(all.body)).not.toMatch(/DEMO-\d{6}/);
    const verified = await search({ verified: "true" });
    expect((verified.body as { id: number }[]).map((c) => c.id).sort()).toEqual(cards.map((c) => c.id).sort());
    const pendingOrExpired = await query("select id from coach_credentials where status <> 'verified'");
    expect(pendingOrExpired).toEqual([]);
  });

  it("does not touch a database that already has users", async () => {
    const before = await query<{ n: number }>(
      "select (select count(*) from users) + (select count(*) from time_slots) + (select count(*) from coach_credentials) as n",
    );
    await seedDemoData(t.deps);
    const after = await query<{ n: number }>(
      "select (select count(*) from users) + (select count(*) from time_slots) + (select count(*) from coach_credentials) as n",
    );
    expect(after).toEqual(before);
  });
});
