import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { BookingMessages } from "@contract/booking-basics";
import {
  ProgressMessages,
  skillLabel,
  skillsForPosition,
  type AthleteProgress,
  type SkillOption,
  type SkillSeries,
} from "@contract/progress";
import { guardianIdsOfFamily } from "../../db/families";
import type { AppDeps } from "../../deps";
import { notFound } from "../../http/errors";
import type { UserRow } from "../accounts/sessions.repository";
import * as repo from "./progress.repository";

/**
 * GET /api/skills?position= : the skills a coach may rate for an athlete of that position; with
 * ?bookingId= the list of that booking's athlete (its coach only; anyone else gets 404).
 */
export async function listSkills(
  deps: AppDeps,
  user: UserRow,
  query: { position?: string; bookingId?: number },
): Promise<readonly SkillOption[]> {
  if (query.bookingId === undefined) return skillsForPosition(query.position);
  const booking = await repo.findBookingForSkills(deps.database.db, query.bookingId);
  if (!booking || booking.coachUserId !== user.id) throw notFound(BookingMessages.BOOKING_NOT_FOUND);
  return skillsForPosition(booking.position);
}

const dayOf = (at: Date, timeZone: string) => format(new TZDate(at.getTime(), timeZone), "yyyy-MM-dd");

/**
 * GET /api/athletes/{id}/progress (DESIGN.md 11): readable by any guardian of the athlete's family
 * and by a coach who coached the athlete; anyone else, and a missing athlete, get the same 404.
 */
export async function getAthleteProgress(deps: AppDeps, user: UserRow, athleteId: number): Promise<AthleteProgress> {
  const db = deps.database.db;
  const athlete = await repo.findAthlete(db, athleteId);
  if (!athlete || !(await mayReadProgress(deps, user, athlete))) throw notFound(ProgressMessages.ATHLETE_NOT_FOUND);

  const bySkill = new Map<string, SkillSeries>();
  for (const r of await repo.listSkillRatings(db, athleteId)) {
    const series = bySkill.get(r.skill) ?? { skill: r.skill, label: skillLabel(r.skill), ratings: [] };
    series.ratings.push({
      date: dayOf(r.startsAt, r.timeZone),
      bookingId: r.bookingId,
      coachId: r.coachId,
      coach: r.coachName || "Coach",
      rating: r.rating,
    });
    bySkill.set(r.skill, series);
  }
  // The position's skills in the contract's order first, then any rated under another position.
  const order = skillsForPosition(athlete.position).map((s) => s.skill);
  const skills = [...bySkill.values()].sort((a, b) => rank(order, a.skill) - rank(order, b.skill));

  const feedback = (await repo.listFeedback(db, athleteId)).map((f) => ({
    bookingId: f.bookingId,
    date: dayOf(f.startsAt, f.timeZone),
    coachId: f.coachId,
    coach: f.coachName || "Coach",
    rating: f.rating,
    feedback: f.feedback,
  }));
  return {
    athlete: { id: athlete.id, firstName: athlete.firstName, lastName: athlete.lastName, position: athlete.position },
    skills,
    feedback,
  };
}

function rank(order: string[], skill: string): number {
  const i = order.indexOf(skill);
  return i === -1 ? order.length : i;
}

async function mayReadProgress(deps: AppDeps, user: UserRow, athlete: { id: number; familyId: number }): Promise<boolean> {
  const db = deps.database.db;
  if ((await guardianIdsOfFamily(db, athlete.familyId)).includes(user.id)) return true;
  if (user.userType !== "coach") return false;
  const coach = await repo.findCoachOfUser(db, user.id);
  return coach !== undefined && (await repo.hasCoachedAthlete(db, coach.id, athlete.id));
}
