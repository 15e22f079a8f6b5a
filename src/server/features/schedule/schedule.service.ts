import { fullName } from "@contract/names";
import { OFFLINE_SCHEDULE_DAYS, type ScheduleResponse } from "@contract/schedule";
import type { AppDeps } from "../../deps";
import * as repo from "./schedule.repository";

const iso = (value: Date | string) => new Date(value).toISOString();

/** The next 14 days of the user's sessions, with the place, the notes and the other side's name and phone. */
export async function scheduleOf(deps: AppDeps, userId: number): Promise<ScheduleResponse> {
  const now = deps.clock.now();
  const to = new Date(now.getTime() + OFFLINE_SCHEDULE_DAYS * 24 * 3_600_000);
  const rows = await repo.upcomingSessionsOf(deps.database.db, userId, now, to);
  return {
    savedAt: now.toISOString(),
    sessions: rows.map((r) => {
      const athleteName = fullName({ firstName: r.athlete_first_name, lastName: r.athlete_last_name }) || null;
      return {
        bookingId: r.booking_id,
        startsAt: iso(r.starts_at),
        endsAt: iso(r.ends_at),
        timeZone: r.time_zone,
        sessionType: r.session_type,
        locationName: r.location_name,
        locationAddress: r.location_address,
        locationNotes: r.location_notes,
        notes: r.notes,
        athleteName,
        // A coach sees the family's contact: the guardian who booked, or a minor's parent's phone (DESIGN 12).
        otherSide: r.is_coach_side
          ? {
              role: "family" as const,
              name: fullName({ firstName: r.student_first_name, lastName: r.student_last_name }) || "Family",
              phone: r.parent_phone ?? r.student_phone,
            }
          : {
              role: "coach" as const,
              name: fullName({ firstName: r.coach_first_name, lastName: r.coach_last_name }) || "Coach",
              phone: r.coach_phone,
            },
      };
    }),
  };
}
