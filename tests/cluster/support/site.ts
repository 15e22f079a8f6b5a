import { uniqueEmail } from "@tests/factories/basics";
import { addDaysToDate, addMinutesToTime } from "@contract/time";
import { instantToLocal } from "@server/features/slots/slot-time";
import { DEFAULT_COACH_PROFILE } from "@tests/factories/coaches";
import { DEFAULT_PASSWORD } from "@tests/factories/users";

/**
 * A client of the real site over HTTP, as a browser or API client uses it: JSON in and out, one
 * session cookie kept per client. `base` may change between calls (another server process, or
 * the load balancer) while the cookie stays.
 */
// Answers are read field by field in tests; a loose type keeps them short.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Answer = { status: number; body: any; headers: Headers };

export class SiteClient {
  cookie = "";
  constructor(public base: string) {}

  async call(method: string, path: string, body?: unknown, base = this.base): Promise<Answer> {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...(body !== undefined ? { "Content-Type": "application/json" } : {}), ...(this.cookie ? { Cookie: this.cookie } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(20_000),
    });
    const setCookie = res.headers.get("set-cookie");
    const sid = setCookie ? /(?:^|,\s*)(sid=[^;]*)/.exec(setCookie)?.[1] : undefined;
    if (sid) this.cookie = sid;
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }

  get = (path: string, base?: string) => this.call("GET", path, undefined, base);
  post = (path: string, body: unknown = {}, base?: string) => this.call("POST", path, body, base);
}

export async function registerPlayer(base: string, firstName = "Pat"): Promise<SiteClient & { userId: number; email: string }> {
  const client = new SiteClient(base) as SiteClient & { userId: number; email: string };
  client.email = uniqueEmail("player");
  const res = await client.post("/api/auth/register", {
    email: client.email,
    password: DEFAULT_PASSWORD,
    firstName,
    lastName: "Player",
    userType: "player",
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  client.userId = res.body.user.id;
  return client;
}

export const COACH_ZONE = "America/New_York";

export async function registerCoach(base: string): Promise<SiteClient & { userId: number; coachId: number; email: string }> {
  const client = new SiteClient(base) as SiteClient & { userId: number; coachId: number; email: string };
  client.email = uniqueEmail("coach");
  const res = await client.post("/api/auth/register", {
    email: client.email,
    password: DEFAULT_PASSWORD,
    firstName: "Casey",
    lastName: "Coach",
    userType: "coach",
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  client.userId = res.body.user.id;
  const profile = await client.post("/api/coaches", DEFAULT_COACH_PROFILE);
  if (profile.status !== 201) throw new Error(`coach profile failed: ${profile.status} ${JSON.stringify(profile.body)}`);
  client.coachId = profile.body.id;
  return client;
}

/** The coach's wall clock at `instant` (the slot and request APIs take local dates and times). */
export function local(instant: Date): { date: string; time: string } {
  return instantToLocal(instant, COACH_ZONE);
}

/**
 * A slot through the API, `daysAhead` days after `now`'s date in the coach's zone, starting at the
 * local `startTime` (daytime, so that it never crosses midnight).
 */
export async function publishSlot(
  coach: SiteClient,
  now: Date,
  at: { daysAhead: number; startTime: string },
  options: { lengthMinutes?: number; isGroup?: boolean; capacity?: number } = {},
  base?: string,
): Promise<{ id: number }> {
  const date = addDaysToDate(local(now).date, at.daysAhead);
  const endTime = addMinutesToTime(at.startTime, options.lengthMinutes ?? 60);
  const res = await coach.post(
    "/api/time-slots",
    { date, startTime: at.startTime, endTime, isGroup: options.isGroup ?? false, capacity: options.isGroup ? options.capacity : undefined },
    base,
  );
  if (res.status !== 201) throw new Error(`publish slot failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A quarter-hour instant `hours` after `now`. */
export function quarterHourAfter(now: Date, hours: number): Date {
  const base = Math.ceil(now.getTime() / (15 * 60_000)) * 15 * 60_000;
  return new Date(base + hours * 3_600_000);
}
