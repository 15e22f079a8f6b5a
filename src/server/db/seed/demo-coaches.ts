// Over 300 lines: demo data (coaches, places, slots), not logic.
import { createHash } from "node:crypto";
import { TZDate } from "@date-fns/tz";
import { addDays, format } from "date-fns";
import { inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { credentialExpiresOn } from "@contract/credentials";
import { formatLocation } from "@contract/geo";
import { addDaysToDate } from "@contract/time";
import { createLocalStorage } from "../../adapters/storage";
import type { AppDeps } from "../../deps";
import { hashPassword } from "../../features/accounts/passwords";
import type { Tx } from "../client";
import { coachCredentials, coaches, rates, timeSlots, users, zipCodes } from "../schema/index";
import {
  APPROACHES,
  AUDIENCES,
  AVATAR_COLORS,
  BACKGROUNDS,
  DEMO_METROS,
  FIRST_NAMES,
  LAST_NAMES,
  PRIMARY_SPECIALTIES,
  TITLES,
  type DemoPosition,
  type DemoMetro,
} from "./demo-coaches-data";
import { present } from "../../present";

/** The README lists these accounts. */
export const DEMO_PASSWORD = "password123";
export const DEMO_PLAYER_EMAIL = "player@demo.test";
export const DEMO_COACH_EMAIL = "coach@demo.test";

const COACHES_PER_METRO = 4;
const SLOT_DAYS = 21;
const POSITION_WEIGHTS: DemoPosition[] = ["Midfield", "Midfield", "Attack", "Attack", "Defense", "Defense", "Goalie", "Faceoff"];
// Any constant works; it only has to be the same in every process that may seed concurrently.
const SEED_LOCK_KEY = 4_242_001;

type Place = { zip: string; city: string; state: string; latitude: number; longitude: number; timeZone: string };
type DemoCoach = {
  firstName: string;
  lastName: string;
  email: string;
  title: string;
  bio: string;
  experience: string;
  specializations: string[];
  place: Place;
  field: DemoMetro["fields"][number];
  rates: { sessionType: "individual" | "group"; durationMinutes: number; rateCents: number }[];
  /** Weekdays (1 = Monday .. 5 = Friday) with evening sessions, and weekend days (0, 6) with morning sessions. */
  weekdays: number[];
  weekendDays: number[];
  groupCapacity: number;
  avatarColor: string;
};

/**
 * About 40 coaches in ten metro areas, each with a generated photo, rates and slots over the next
 * three weeks, plus a demo player and a demo coach. Deterministic (seeded PRNG) apart from the
 * dates, which follow the clock. Runs in one transaction under an advisory lock, so two processes
 * booting on one empty database seed it once.
 */
export async function seedDemoMarketplace(deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const random = mulberry32(20_260_401);
  const places = await loadPlaces(deps);
  const all = [buildDemoCoach(places), ...buildCoaches(random, places)];
  // One hash for every demo account keeps the seed fast (argon2 is slow on purpose).
  const [passwordHash, avatarUrls] = await Promise.all([hashPassword(DEMO_PASSWORD), Promise.all(all.map((c) => storeAvatar(deps, c)))]);
  const now = deps.clock.now();

  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const existing = await tx
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.email, [DEMO_PLAYER_EMAIL, DEMO_COACH_EMAIL]))
      .limit(1);
    if (existing.length > 0) return;

    // Demo accounts count as verified: their addresses are ours, and nobody can follow a link to them.
    await tx.insert(users).values({
      email: DEMO_PLAYER_EMAIL,
      emailVerified: true,
      passwordHash,
      firstName: "Taylor",
      lastName: "Brooks",
      userType: "player",
      phoneNumber: "(410) 555-0142",
      smsOptIn: true,
      playerEmail: DEMO_PLAYER_EMAIL,
      birthday: "2007-04-12",
      preferredLocation: "21210",
      maxTravelDistance: 25,
      position: "Midfield",
      secondaryPosition: "Attack",
      ageGroup: "high-school",
      skillLevel: "intermediate",
      goals: ["Midfield", "Attack"],
    });

    const userRows = await tx
      .insert(users)
      .values(
        all.map((c, i) => ({
          email: c.email,
          emailVerified: true,
          passwordHash,
          firstName: c.firstName,
          lastName: c.lastName,
          userType: "coach" as const,
          phoneNumber: `(555) 010-${String(1000 + i).slice(-4)}`,
          smsOptIn: true,
          profileImageUrl: avatarUrls[i],
        })),
      )
      .returning({ id: users.id, email: users.email, profileImageUrl: users.profileImageUrl });
    const userByEmail = new Map(userRows.map((u) => [u.email, u]));

    const coachRows = await tx
      .insert(coaches)
      .values(
        all.map((c) => {
          const user = present(userByEmail.get(c.email), `the demo user ${c.email}`);
          return {
            userId: user.id,
            title: c.title,
            bio: c.bio,
            experience: c.experience,
            zipcode: c.place.zip,
            location: formatLocation(c.place.city, c.place.state),
            latitude: c.place.latitude,
            longitude: c.place.longitude,
            timeZone: c.place.timeZone,
            specializations: c.specializations,
            profileImageUrl: user.profileImageUrl,
            allowSessionRequests: true,
          };
        }),
      )
      .returning({ id: coaches.id, userId: coaches.userId });
    const coachIdByUserId = new Map(coachRows.map((c) => [c.userId, c.id]));
    const withIds = all.map((c) => ({
      ...c,
      coachId: present(coachIdByUserId.get(present(userByEmail.get(c.email), `the demo user ${c.email}`).id), `the coach of ${c.email}`),
    }));

    await tx.insert(rates).values(withIds.flatMap((c) => c.rates.map((r) => ({ ...r, coachId: c.coachId }))));
    await tx.insert(coachCredentials).values(withIds.flatMap((c, i) => demoCredentials(c.coachId, i, now, deps.config.appTimeZone)));
    await insertInChunks(
      tx,
      withIds.flatMap((c) => slotsFor(c, c.coachId, now)),
    );
  });
  deps.logger.info({ coaches: all.length }, "demo coaches seeded");
}

/**
 * Every demo coach is screened (DESIGN 12, Verified coaches), so the first run shows the badges: a
 * verified SafeSport training and a clear background check, current for at least two more months
 * (no expiry mail on the first run), and most hold a USA Lacrosse membership. The dates vary by coach
 * and follow the clock, like the slots.
 */
function demoCredentials(coachId: number, index: number, now: Date, appTimeZone: string): (typeof coachCredentials.$inferInsert)[] {
  const today = format(new TZDate(now.getTime(), appTimeZone), "yyyy-MM-dd");
  const safesportOn = addDaysToDate(today, -(20 + ((index * 37) % 280)));
  const checkedOn = addDaysToDate(today, -(10 + ((index * 53) % 600)));
  const verified = { coachId, status: "verified" as const, verifiedAt: now, createdAt: now, updatedAt: now };
  const rows: (typeof coachCredentials.$inferInsert)[] = [
    {
      ...verified,
      kind: "safesport",
      completedOn: safesportOn,
      expiresOn: credentialExpiresOn("safesport", { completedOn: safesportOn, expiresOn: null }, null),
    },
    {
      ...verified,
      kind: "background_check",
      screeningResult: "clear",
      expiresOn: credentialExpiresOn("background_check", { completedOn: null, expiresOn: null }, checkedOn),
    },
  ];
  if (index % 4 !== 3) {
    rows.push({
      ...verified,
      kind: "usa_lacrosse",
      memberNumber: `DEMO-${String(100_000 + index * 7919).slice(-6)}`,
      expiresOn: addDaysToDate(today, 90 + ((index * 29) % 300)),
    });
  }
  return rows;
}

async function insertInChunks(tx: Tx, rows: (typeof timeSlots.$inferInsert)[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await tx.insert(timeSlots).values(rows.slice(i, i + 500));
}

async function loadPlaces(deps: AppDeps): Promise<Map<string, Place>> {
  const zips = [...DEMO_METROS.flatMap((m) => m.zips)];
  const rows = await deps.database.db.select().from(zipCodes).where(inArray(zipCodes.zip, zips));
  return new Map(rows.map((r) => [r.zip, r]));
}

function buildCoaches(random: () => number, places: Map<string, Place>): DemoCoach[] {
  const firstNames = shuffle(random, FIRST_NAMES);
  const lastNames = shuffle(random, LAST_NAMES);
  const result: DemoCoach[] = [];
  for (const metro of DEMO_METROS) {
    for (let k = 0; k < COACHES_PER_METRO; k++) {
      const place = places.get(cycle(metro.zips, k));
      if (!place) continue;
      const n = result.length;
      const firstName = cycle(firstNames, n);
      const lastName = cycle(lastNames, n);
      const primary = pick(random, POSITION_WEIGHTS);
      const secondary = pick(
        random,
        POSITION_WEIGHTS.filter((p) => p !== primary && p !== "Goalie"),
      );
      const positions = primary === "Goalie" || random() < 0.35 ? [primary] : [primary, secondary];
      const specialties = shuffle(random, PRIMARY_SPECIALTIES[primary]).slice(0, 1 + Math.floor(random() * 2));
      const years = 3 + Math.floor(random() * 16);
      const individual60 = 60 + 5 * Math.floor(random() * 13);
      const hasGroup = random() < 0.8;
      const group60 = 25 + 5 * Math.floor(random() * 6);
      result.push({
        firstName,
        lastName,
        email: `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, "") + "@coaches.demo.test",
        title: pick(random, TITLES[primary]),
        bio: `${firstName} ${pick(random, BACKGROUNDS)} and now coaches ${positions.join(" and ").toLowerCase()} players around ${metro.name}. ${pick(random, APPROACHES)} ${pick(random, AUDIENCES)}`,
        experience: `${years} years coaching`,
        specializations: [...positions, ...specialties],
        place,
        field: cycle(metro.fields, k),
        rates: [
          { sessionType: "individual", durationMinutes: 60, rateCents: individual60 * 100 },
          { sessionType: "individual", durationMinutes: 30, rateCents: roundTo5(individual60 * 0.6) * 100 },
          ...(hasGroup
            ? [
                { sessionType: "group" as const, durationMinutes: 60, rateCents: group60 * 100 },
                { sessionType: "group" as const, durationMinutes: 30, rateCents: roundTo5(group60 * 0.6) * 100 },
              ]
            : []),
        ],
        weekdays: shuffle(random, [1, 2, 3, 4, 5])
          .slice(0, 2 + Math.floor(random() * 2))
          .sort(),
        weekendDays: random() < 0.5 ? [6] : [6, 0],
        groupCapacity: hasGroup ? 4 + Math.floor(random() * 7) : 0,
        avatarColor: pick(random, AVATAR_COLORS),
      });
    }
  }
  return result;
}

function buildDemoCoach(places: Map<string, Place>): DemoCoach {
  const place = present(places.get("21210"), "the ZIP 21210");
  return {
    firstName: "Chris",
    lastName: "Morgan",
    email: DEMO_COACH_EMAIL,
    title: "Former D1 Midfielder",
    bio: "Chris played four years of Division I lacrosse at midfield and has coached club and high school players around Baltimore for ten years. Sessions focus on dodging, shooting on the run and reading the defense.",
    experience: "10 years coaching",
    specializations: ["Midfield", "Attack", "Shooting", "Transition"],
    place,
    field: cycle(
      present(
        DEMO_METROS.find((m) => m.name === "Baltimore"),
        "the Baltimore metro",
      ).fields,
      0,
    ),
    rates: [
      { sessionType: "individual", durationMinutes: 60, rateCents: 8500 },
      { sessionType: "individual", durationMinutes: 30, rateCents: 5000 },
      { sessionType: "group", durationMinutes: 60, rateCents: 4000 },
      { sessionType: "group", durationMinutes: 30, rateCents: 2500 },
    ],
    weekdays: [2, 4],
    weekendDays: [6],
    groupCapacity: 8,
    avatarColor: cycle(AVATAR_COLORS, 0),
  };
}

/**
 * Weekday evenings 16:00-20:00 (two individual hours, one group hour, one individual half hour)
 * and weekend mornings (an individual hour, then a group hour), in the coach's own time zone.
 */
function slotsFor(coach: DemoCoach, coachId: number, now: Date): (typeof timeSlots.$inferInsert)[] {
  const zone = coach.place.timeZone;
  const today = TZDate.tz(zone, now.getTime());
  const rows: (typeof timeSlots.$inferInsert)[] = [];
  const hasGroup = coach.groupCapacity >= 2;
  const add = (day: TZDate, startHour: number, minutes: number, isGroup: boolean) => {
    const startsAt = new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), startHour, 0, 0, zone);
    if (startsAt.getTime() <= now.getTime()) return;
    rows.push({
      coachId,
      startsAt: new Date(startsAt.getTime()),
      endsAt: new Date(startsAt.getTime() + minutes * 60_000),
      isGroup,
      capacity: isGroup ? coach.groupCapacity : 1,
      locationName: coach.field.name,
      locationAddress: coach.field.address,
      locationLat: coach.place.latitude,
      locationLng: coach.place.longitude,
    });
  };
  for (let offset = 0; offset < SLOT_DAYS; offset++) {
    const day = addDays(today, offset);
    const weekday = day.getDay();
    if (coach.weekdays.includes(weekday)) {
      add(day, 16, 60, false);
      add(day, 17, 60, false);
      if (hasGroup) add(day, 18, 60, true);
      add(day, 19, 30, false);
    } else if (coach.weekendDays.includes(weekday)) {
      add(day, 9, 60, false);
      if (hasGroup) add(day, 10, 60, true);
      else add(day, 10, 60, false);
    }
  }
  return rows;
}

/** A coloured square with the coach's initials, rendered locally (no downloads). */
async function storeAvatar(deps: AppDeps, coach: DemoCoach): Promise<string> {
  const initials = `${coach.firstName[0]}${coach.lastName[0]}`.toUpperCase();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
  <rect width="400" height="400" fill="${coach.avatarColor}"/>
  <circle cx="330" cy="70" r="140" fill="#ffffff" opacity="0.08"/>
  <text x="200" y="250" font-family="'Liberation Sans', 'DejaVu Sans', Arial, sans-serif" font-size="150" font-weight="700" fill="#ffffff" text-anchor="middle">${initials}</text>
</svg>`;
  const image = await sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
  // The name follows the content, so a changed avatar never hides behind a cached one.
  const name = `demo-${createHash("sha256").update(svg).digest("hex").slice(0, 16)}.webp`;
  return createLocalStorage(deps.config.dataDir).put(name, image, "image/webp");
}

/** A small seeded generator (mulberry32), so that the demo data and test runs can be replayed from a seed. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The n-th item of a non-empty list, counting round again past its end. */
function cycle<T>(list: readonly T[], n: number): T {
  const item = list[n % list.length];
  if (item === undefined) throw new RangeError("The demo data lists must not be empty");
  return item;
}

function pick<T>(random: () => number, list: readonly T[]): T {
  return cycle(list, Math.floor(random() * list.length));
}

function shuffle<T>(random: () => number, list: readonly T[]): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const [a, b] = [cycle(copy, i), cycle(copy, j)];
    copy[i] = b;
    copy[j] = a;
  }
  return copy;
}

const roundTo5 = (value: number) => Math.max(5, Math.round(value / 5) * 5);
