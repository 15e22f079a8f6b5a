// Over 300 lines: the one SQL definition of a listing (listingJsonSql) and the queries built on it.
import { fillPlaceholders, sql, type SQL } from "drizzle-orm";
import pg from "pg";
import { POSITIONS } from "@contract/coach-basics";
import { CREDENTIAL_KINDS, CREDENTIAL_LABELS, SCREENING_KINDS } from "@contract/credentials";
import type { CoachListing } from "@contract/search";
import type { Db } from "../../db/client";
import { aliasHoldsSeat } from "../../db/seat-rule";
import type { SlotRowWithCount } from "../slots/slots.repository";
import { boundingBox, EARTH_RADIUS_MILES, type Origin } from "./distance";
import { executePrepared, intArray, intArrayText, rowsOf, sqlDialect, statementName } from "../../db/sql";

/**
 * One coach as the profile and matching read it: the listing (the one SQL definition,
 * `listingJsonSql`), the distance from the search's origin, and the next bookable slots as raw rows,
 * converted to the API shape by the slots feature.
 */
export type ListingRow = {
  listing: CoachListing;
  timeZone: string;
  distance: number | null;
  slots: SlotRowWithCount[];
};

type RawListingRow = Omit<ListingRow, "slots" | "distance"> & {
  distance: number | string | null;
  slots: (Omit<SlotRowWithCount, "startsAt" | "endsAt" | "createdAt" | "updatedAt"> & { startsAt: string; endsAt: string })[] | null;
};

/**
 * Haversine distance in miles from the origin to a coach's coordinates (their ZIP's centre). The
 * origin is bound as parameters, so the planner sees plain arithmetic per row.
 */
function distanceSql(origin: Origin): SQL {
  const lat = sql`${origin.latitude}::float8`;
  const lng = sql`${origin.longitude}::float8`;
  return sql`(${EARTH_RADIUS_MILES}::float8 * 2 * asin(least(1, sqrt(
    power(sin(radians(c.latitude - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(c.latitude)) * power(sin(radians(c.longitude - ${lng}) / 2), 2)))))`;
}

/** Coaches inside distance.ts's bounding box (coaches_lat_lng_idx). */
function boundingBoxSql(origin: Origin, miles: number): SQL {
  const box = boundingBox(origin, miles);
  return sql`c.latitude between ${box.minLatitude}::float8 and ${box.maxLatitude}::float8
    and c.longitude between ${box.minLongitude}::float8 and ${box.maxLongitude}::float8`;
}

/**
 * A slot a player can book now (DESIGN.md 4): open, not cancelled by the coach, not yet started,
 * and with a seat that no booking holds (the one seat rule, db/seat-rule.ts). `ts` is the slot's alias.
 */
function bookableSlotSql(coachIdColumn: SQL, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`ts.coach_id = ${coachIdColumn} and ts.is_available and ts.cancelled_at is null and ts.starts_at >= ${at}
    and ts.capacity > (select count(*) from bookings b where b.time_slot_id = ts.id and ${aliasHoldsSeat("b", now)})`;
}

/** The listing, distance and up to `slotLimit` bookable slots of each coach row of `picked`. */
function listingSelect(picked: SQL, now: Date, slotLimit: number, orderBy: SQL): SQL {
  return sql`
    select ${listingJsonSql("p", { withText: true })} as listing, p.time_zone as "timeZone", p.distance, sl.slots
    from (${picked}) p
    left join lateral (
      select json_agg(json_build_object('id', s.id, 'coachId', s.coach_id, 'startsAt', s.starts_at, 'endsAt', s.ends_at,
        'isAvailable', s.is_available, 'isGroup', s.is_group, 'capacity', s.capacity, 'locationName', s.location_name,
        'locationAddress', s.location_address, 'locationLat', s.location_lat, 'locationLng', s.location_lng,
        'locationNotes', null, 'seriesId', s.series_id, 'bookingCount', 0) order by s.starts_at, s.id) as slots
      from (
        -- Ordered by the index's own key, so the scan stops after slotLimit bookable slots.
        select ts.* from time_slots ts where ${bookableSlotSql(sql`p.id`, now)}
        order by ts.starts_at limit ${slotLimit}
      ) s
    ) sl on true
    order by ${orderBy}`;
}

/**
 * The coach teaches the position, whatever the case of either. Lower-casing the array's text form
 * costs one function call per row instead of a subquery over unnest().
 */
function teachesSql(position: string): SQL {
  return sql`lower(${position}) = any(lower(c.specializations::text)::text[])`;
}

/**
 * The coach's positions (specializations that are positions, exact case), in the contract's order
 * as positionsOf gives them; a fixed array expression costs less than a subquery over unnest().
 */
function positionsSql(alias: string): SQL {
  const cases = POSITIONS.map((pos) => `case when '${pos}' = any(${alias}.specializations) then '${pos}' end`);
  return sql.raw(`array_remove(array[${cases.join(", ")}]::text[], null)`);
}

/** What `listingJsonSql` reads of a coach row picked in a subquery. */
const coachColumns = sql`c.id, c.user_id, c.title, c.bio, c.experience, c.location, c.zipcode, c.time_zone,
  c.profile_image_url, c.specializations, c.allow_session_requests`;

/** A coach as search's coach directory keeps it: where they are, what they teach, and their listing. */
export type DirectoryRow = {
  id: number;
  latitude: number;
  longitude: number;
  timeZone: string;
  specializations: string[];
  /** JSON text in the SearchResultCoach shape without badges, distance and availableSlots. */
  listing: string;
  /** The coach's verified credentials (Badge[]) as JSON text, expired ones included. */
  badges: string;
};

/**
 * The one definition of a coach's listing (CoachListing, src/contract/search.ts): coach row `alias`
 * as one JSON object in the contract's key order. Search's directory keeps it without bio and
 * experience (the card shows neither, and at 100,000 coaches they would be most of its memory); the
 * profile and matching read it whole. `tests/integration/search-listing.test.ts` fails when a field
 * of CoachListing is missing here.
 */
function listingJsonSql(alias: "c" | "p", options: { withText: boolean }): SQL {
  const c = sql.raw(alias);
  // The directory keeps badges beside the listing (they are filtered by the day at each answer).
  const text = options.withText ? sql`${c}.bio as "bio", ${c}.experience as "experience",` : sql``;
  const badges = options.withText ? sql`, ${badgesJsonSql(sql`${c}.id`)} as "badges"` : sql``;
  return sql`(select to_json(v) from (
      select ${c}.id as "id",
        json_build_object('firstName', u.first_name, 'lastName', u.last_name, 'profileImageUrl', u.profile_image_url) as "user",
        ${c}.title as "title", ${text} ${c}.location as "location",
        ${c}.zipcode as "zipcode", ${c}.time_zone as "timeZone", coalesce(${c}.profile_image_url, u.profile_image_url) as "profileImageUrl",
        ${c}.specializations as "specializations",
        ${positionsSql(alias)} as "positions",
        coalesce((select json_agg(rt) from (
          select ra.id as "id", ra.session_type as "sessionType", ra.duration_minutes as "duration",
            to_char(ra.rate_cents / 100.0, 'FM99999990.00') as "rate"
          from rates ra where ra.coach_id = ${c}.id order by ra.session_type desc, ra.duration_minutes
        ) rt), '[]'::json) as "rates",
        ${c}.allow_session_requests as "allowSessionRequests",
        fb.rating as "rating", fb.total_reviews as "totalReviews" ${badges}
      from users u
      -- The average of the students' reviews (reviews_coach_idx); the coach's own feedback never counts.
      cross join lateral (
        select round(avg(f.rating)::numeric, 1)::float8 as rating, count(*)::int as total_reviews
        from reviews f where f.coach_id = ${c}.id
      ) fb
      where u.id = ${c}.user_id
    ) v)`;
}

/** Each kind's label, from the contract's one list. */
const BADGE_LABEL_SQL = sql.raw(
  `case cc.kind ${CREDENTIAL_KINDS.map((k) => `when '${k}' then '${CREDENTIAL_LABELS[k].replace(/'/g, "''")}'`).join(" ")} end`,
);

/**
 * A coach's verified credentials as badges (DESIGN 12): kind, label, verifiedAt, expiresOn, never a
 * document or a member number. Expired ones are left out by the reader, by the day (contract
 * `currentBadges`), so an answer is right even before the expiry sweep ran.
 */
function badgesJsonSql(coachId: SQL): SQL {
  return sql`coalesce((select json_agg(json_build_object('kind', cc.kind, 'label', ${BADGE_LABEL_SQL},
      'verifiedAt', to_char(cc.verified_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'expiresOn', cc.expires_on) order by cc.id)
    from coach_credentials cc where cc.coach_id = ${coachId} and cc.status = 'verified' and cc.verified_at is not null), '[]'::json)`;
}

/** The coach holds a verified SafeSport training and background check that count on `today` (yyyy-MM-dd). */
function screenedSql(today: string): SQL {
  return sql.join(
    SCREENING_KINDS.map(
      (kind) => sql`exists (select 1 from coach_credentials cc where cc.coach_id = c.id and cc.kind = ${kind} and cc.status = 'verified'
        and (cc.expires_on is null or cc.expires_on > ${today}::date))`,
    ),
    sql` and `,
  );
}

/**
 * Every coach a radius search can find (those with coordinates), or only the given ones, with
 * their listing JSON (users_pkey, rates_coach_type_duration_key and reviews_coach_idx
 * per coach). Exported for the benchmark's EXPLAIN.
 */
export function coachDirectorySql(coachIds: number[] | null, page?: { afterId: number; limit: number }): SQL {
  return sql`
    select c.id, c.latitude, c.longitude, c.time_zone as "timeZone", c.specializations,
      ${listingJsonSql("c", { withText: false })}::text as listing, ${badgesJsonSql(sql`c.id`)}::text as badges
    from coaches c
    where c.latitude is not null and c.longitude is not null
      ${coachIds ? sql`and c.id = any(${intArray(coachIds)})` : sql``}
      ${page ? sql`and c.id > ${page.afterId} order by c.id limit ${page.limit}` : sql``}`;
}

function toDirectoryRows(rows: DirectoryRow[]): DirectoryRow[] {
  return rows.map((row) => ({ ...row, id: Number(row.id), latitude: Number(row.latitude), longitude: Number(row.longitude) }));
}

/** Coaches read per statement when the whole directory is read. */
const DIRECTORY_PAGE = 5_000;

/**
 * The given coaches, or every coach a page at a time in id order (coaches_pkey): read in one
 * statement, a country's coaches were held as protocol data, rows and text at once.
 */
export async function coachDirectory(db: Db, coachIds: number[] | null): Promise<DirectoryRow[]> {
  if (coachIds) return toDirectoryRows(rowsOf<DirectoryRow>(await executePrepared(db, coachDirectorySql(coachIds))));
  const everyone: DirectoryRow[] = [];
  for (let afterId = 0; ;) {
    const page = toDirectoryRows(
      rowsOf<DirectoryRow>(await executePrepared(db, coachDirectorySql(null, { afterId, limit: DIRECTORY_PAGE }))),
    );
    everyone.push(...page);
    const last = page.at(-1);
    if (!last || page.length < DIRECTORY_PAGE) return everyone;
    afterId = last.id;
  }
}

/**
 * Coaches whose listing may have changed since `since` (their profile, their user's name or photo,
 * a new review: the public rating comes from reviews only), and the ids of every coach on the map now (to find those removed). Read when a
 * lost listening connection is back; sequential scans are fine for that rare event.
 */
export async function coachesChangedSince(db: Db, since: Date): Promise<{ changed: number[]; placed: Set<number> }> {
  const at = sql`${since.toISOString()}::timestamptz`;
  const changed = rowsOf<{ id: number }>(
    await db.execute(sql`
      select c.id from coaches c join users u on u.id = c.user_id
      where c.updated_at >= ${at} or c.created_at >= ${at} or u.updated_at >= ${at}
      union
      select r.coach_id from reviews r where r.created_at >= ${at}`),
  );
  const placed = rowsOf<{ id: number }>(
    await db.execute(sql`select c.id from coaches c where c.latitude is not null and c.longitude is not null`),
  );
  return { changed: changed.map((r) => Number(r.id)), placed: new Set(placed.map((r) => Number(r.id))) };
}

/**
 * One coach's next open slots as coach-slots-cache keeps them, in one row: for each, what its API
 * JSON is written from and what decides at serve time whether a player can still book it.
 */
export type CoachSlotsRow = {
  coachId: number;
  timeZone: string;
  /**
   * JSON text of one SlotFields per slot, in start order; null when the coach has no open slot.
   */
  meta: string | null;
};

/**
 * A slot as the statement sends it: id; starts (ms); its start in the coach's zone as minutes
 * since 1970-01-01 00:00 of that zone's wall clock (the date and start time are written from it);
 * its end's minute of the day in that zone; capacity; is it a group slot; the seats no paid booking
 * holds; the expiry instants (ms) of the pending holds still running at `now`; the location name;
 * is it a week of a weekly series (DESIGN.md 11; the card says "Weekly on Tuesdays, 6 PM").
 */
export type SlotFields = [number, number, number, number, number, boolean, number, number[], string | null, boolean];

/**
 * The next `perCoach` slots of each coach that are open (available, not cancelled), not yet
 * started at `now` and not filled by confirmed bookings, in start order, with their unexpired
 * holds; one statement for all the coaches (time_slots_open_starts_idx for each coach), one row
 * per coach. Holds are returned rather than counted so that the cache can free their seats the
 * moment they expire, as the search did in SQL. Wall-clock times in the coach's zone come from
 * PostgreSQL (the same IANA data as the slots feature's date-fns-tz; tests/integration/search.test.ts
 * compares them).
 *
 * The slots' API JSON texts are written by the server from these numbers when a page is made: as
 * text (which this statement spelled until 27 November 2026) a coach's slots held about 1 KB each
 * in the cache, and the text was the one part of the statement's time beyond the noise
 * (docs/performance-log.md, 27 November 2026, afternoon). One row per coach instead of one per slot
 * halved the server's CPU for sending the statement and reading its answer (docs/performance-log.md,
 * 27 November 2026). Exported for the benchmark's EXPLAIN.
 */
export function coachSlotsSql(coachIds: number[], now: Date, perCoach: number): SQL {
  return coachSlotsQuery(intArray(coachIds), sql`${now.toISOString()}::timestamptz`, sql`${perCoach}::int`);
}

function coachSlotsQuery(coachIds: SQL, at: SQL, perCoach: SQL): SQL {
  return sql`
    select c.id as "coachId", c.time_zone as "timeZone", s.meta
    from coaches c
    left join lateral (
      select json_agg(json_build_array(o.id, o.starts_ms, o.local_minute, o.end_minute, o.capacity, o.is_group,
          o.capacity - o.confirmed, o.holds, o.location_name, o.series_id is not null) order by o.starts_at, o.id)::text as meta
      from (
        select ts.id, ts.starts_at, (extract(epoch from ts.starts_at) * 1000)::float8 as starts_ms, ts.capacity, ts.is_group,
          ts.location_name, ts.series_id, seat.confirmed, seat.holds,
          floor(extract(epoch from ts.starts_at at time zone c.time_zone) / 60)::int as local_minute,
          (floor(extract(epoch from ts.ends_at at time zone c.time_zone) / 60)::bigint % 1440)::int as end_minute
        from time_slots ts
        cross join lateral (
          select count(*) filter (where b.hold_expires_at is null)::int as confirmed,
            coalesce(json_agg((extract(epoch from b.hold_expires_at) * 1000)::float8) filter (where b.hold_expires_at is not null), '[]'::json) as holds
          from bookings b
          where b.time_slot_id = ts.id and ${aliasHoldsSeat("b", at)}
        ) seat
        where ts.coach_id = c.id and ts.is_available and ts.cancelled_at is null and ts.starts_at >= ${at}
          and seat.confirmed < ts.capacity
        order by ts.starts_at, ts.id
        limit ${perCoach}
      ) o
    ) s on true
    where c.id = any(${coachIds})
    order by c.id`;
}

/**
 * The statement's text and parameters, built once per process: drizzle's building of it cost
 * about as much CPU as the server's reading of its answer.
 */
let coachSlotsStatement: { text: string; params: unknown[] } | undefined;

export async function coachSlots(db: Db, coachIds: number[], now: Date, perCoach: number): Promise<CoachSlotsRow[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return rowsOf<CoachSlotsRow>(await db.execute(coachSlotsSql(coachIds, now, perCoach)));
  if (!coachSlotsStatement) {
    const built = sqlDialect.sqlToQuery(
      coachSlotsQuery(
        sql`${sql.placeholder("ids")}::int[]`,
        sql`${sql.placeholder("at")}::timestamptz`,
        sql`${sql.placeholder("perCoach")}::int`,
      ),
    );
    coachSlotsStatement = { text: built.sql, params: built.params };
  }
  const { text, params } = coachSlotsStatement;
  const values = fillPlaceholders(params, { ids: intArrayText(coachIds), at: now.toISOString(), perCoach });
  const result = await client.query<CoachSlotsRow>({ name: statementName(text), text, values });
  return result.rows;
}

/** One coach (any, with or without slots) with their next `slotLimit` bookable slots. */
export async function findListing(db: Db, coachId: number, now: Date, slotLimit: number): Promise<ListingRow | undefined> {
  const picked = sql`select ${coachColumns}, null::float8 as distance from coaches c where c.id = ${coachId}`;
  // Prepared: the profile and open times read it for every visit, and planning it took PostgreSQL about as long as answering it.
  const result = await executePrepared(db, listingSelect(picked, now, slotLimit, sql`p.id`));
  return rowsOf<RawListingRow>(result).map(toListingRow)[0];
}

/** The listings and next `slotLimit` bookable slots of several coaches (a place page's cards), by id. */
export async function findListings(db: Db, coachIds: readonly number[], now: Date, slotLimit: number): Promise<ListingRow[]> {
  if (coachIds.length === 0) return [];
  const picked = sql`select ${coachColumns}, null::float8 as distance from coaches c where c.id = any(${intArray(coachIds)})`;
  const result = await db.execute(listingSelect(picked, now, slotLimit, sql`p.id`));
  return rowsOf<RawListingRow>(result).map(toListingRow);
}

/**
 * Candidates for matching: with an origin, the coaches within `maxDistance`; without, every coach.
 * Coaches teaching the wanted position come first, then the nearest, so the cap keeps the ones
 * that can score best on the heaviest criteria. No slots: match cards do not show times.
 */
export async function matchCandidates(
  db: Db,
  options: {
    origin: Origin | null;
    maxDistance: number;
    position: string | null;
    now: Date;
    limit: number;
    minPriceCents?: number;
    maxPriceCents?: number;
    /** `verified=true`: only coaches screened on this day (yyyy-MM-dd). */
    screenedOn?: string;
  },
): Promise<ListingRow[]> {
  const { origin, position } = options;
  const distance = origin ? distanceSql(origin) : sql`null::float8`;
  const teaches = position ? teachesSql(position) : sql`false`;
  // The price filters exclude (the score still ranks what is left): a coach needs a rate at or
  // under maxPrice, and one at or over minPrice; a coach without rates matches neither.
  const priceFilter = sql`${
    options.maxPriceCents !== undefined
      ? sql`and exists (select 1 from rates ra where ra.coach_id = c.id and ra.rate_cents <= ${options.maxPriceCents}::int)`
      : sql``
  } ${
    options.minPriceCents !== undefined
      ? sql`and exists (select 1 from rates ra where ra.coach_id = c.id and ra.rate_cents >= ${options.minPriceCents}::int)`
      : sql``
  } ${options.screenedOn ? sql`and ${screenedSql(options.screenedOn)}` : sql``}`;
  const where = origin
    ? sql`where c.latitude is not null and ${boundingBoxSql(origin, options.maxDistance)} ${priceFilter}`
    : sql`where c.latitude is not null ${priceFilter}`;
  const picked = sql`
    select * from (
      select ${coachColumns}, ${distance} as distance, ${teaches} as teaches
      from coaches c ${where}
    ) d
    ${origin ? sql`where d.distance <= ${options.maxDistance}::float8` : sql``}
    order by d.teaches desc, d.distance nulls last, d.id
    limit ${options.limit}`;
  const result = await db.execute(listingSelect(picked, options.now, 0, sql`p.id`));
  return rowsOf<RawListingRow>(result).map(toListingRow);
}

function toListingRow(raw: RawListingRow): ListingRow {
  return {
    ...raw,
    distance: raw.distance === null ? null : Number(raw.distance),
    slots: (raw.slots ?? []).map((s) => ({
      ...s,
      startsAt: new Date(s.startsAt),
      endsAt: new Date(s.endsAt),
      createdAt: new Date(0),
      updatedAt: new Date(0),
    })),
  };
}

/** ZIP codes of up to `limit` coaches on the map, one a coach in id order (the search's warm-up at start). */
export async function sampleCoachZipcodes(db: Db, limit: number): Promise<string[]> {
  const rows = rowsOf<{ zipcode: string }>(
    await db.execute(
      sql`select c.zipcode from coaches c where c.zipcode is not null and c.latitude is not null order by c.id limit ${limit}`,
    ),
  );
  return rows.map((r) => r.zipcode);
}
