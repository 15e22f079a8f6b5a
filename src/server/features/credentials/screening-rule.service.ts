import { CredentialMessages } from "@contract/credentials";
import { ErrorCode } from "@contract/error-basics";
import { athleteAgeFacts } from "@contract/families";
import { ageRuleToday } from "@contract/players";
import type { AppDeps } from "../../deps";
import { refused } from "../../http/errors";
import { instantToLocal } from "../slots/slot-time";
import * as repo from "./credentials.repository";

/**
 * DESIGN 12 (Verified coaches): with REQUIRE_SCREENING_FOR_MINORS on, a booking, series, request or
 * credit booking for an athlete under 18 needs a coach with a current SafeSport training and
 * background check, else 409. The one rule every booking path calls (booking-plan's seatAthlete for a
 * card or credit booking and the checkout's, siblings, series, session requests).
 *
 * Age: the athlete's age today by the app's one under-18 rule (`ageRuleToday`, the same day the
 * family page and the coach's calendar use to call an athlete a minor), not on the session's date:
 * a 17-year-old is screened for whatever they book now, and a series of weeks has one answer. An
 * athlete without a birthday has no known age and, as everywhere else, is not counted a minor.
 * Screening: verified and unexpired by the app's date today (what the badges show).
 * Off (the default), nothing is read.
 */
export async function requireScreeningForMinors(
  deps: Pick<AppDeps, "config" | "clock" | "database">,
  coachId: number,
  athletes: readonly { birthday: string | null }[],
): Promise<void> {
  if (!deps.config.requireScreeningForMinors) return;
  const now = deps.clock.now();
  const ageDay = ageRuleToday(now);
  if (!athletes.some((a) => athleteAgeFacts(a.birthday, ageDay).isMinor)) return;
  const today = instantToLocal(now, deps.config.appTimeZone).date;
  if (await repo.hasCurrentScreening(deps.database.db, coachId, today)) return;
  throw refused(ErrorCode.SCREENING_REQUIRED, CredentialMessages.SCREENING_REQUIRED_FOR_MINORS);
}
