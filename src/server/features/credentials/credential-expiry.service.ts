import { CREDENTIAL_EXPIRY_NOTICE_DAYS, CREDENTIAL_LABELS, SCREENING_KINDS } from "@contract/credentials";
import { fullName } from "@contract/names";
import { familyAudience } from "../../db/families";
import { sessionWhen } from "../../notice-texts/session-text";
import type { AppDeps } from "../../deps";
import { instantToLocal } from "../slots/slot-time";
import * as repo from "./credentials.repository";
import { credentialsChanged, mailCoach, todayOf, type ScreeningKind } from "./credentials.service";

// The sweeps of credentials: expiry on their date (a lapse of screening told to the families with
// upcoming sessions), and the coach's reminders 30 and 7 days before and on the day.

const SWEEP_BATCH = 200;

/**
 * Sweep: verified credentials whose date has come are expired; search shows the coach without the
 * badge. A SafeSport training or background check that expires with no current one of its kind
 * beside it (a renewal) is a lapse of the coach's screening: the families with upcoming sessions are
 * told. The expiry's update is the claim (a credential is expired once), so each lapse is mailed once.
 */
export async function expireCredentials(deps: AppDeps): Promise<void> {
  const today = todayOf(deps);
  const expired = await repo.expireDueCredentials(deps.database.db, today, deps.clock.now());
  for (const coachId of new Set(expired.map((row) => row.coachId))) {
    await credentialsChanged(deps, coachId);
    const lapsed: ScreeningKind[] = [];
    for (const kind of SCREENING_KINDS) {
      const expiredOfKind = expired.some((row) => row.coachId === coachId && row.kind === kind);
      if (expiredOfKind && !(await repo.hasCurrentOfKind(deps.database.db, coachId, kind, today))) lapsed.push(kind);
    }
    if (lapsed.length > 0) await tellFamiliesOfLapse(deps, coachId, lapsed);
  }
}

/** One mail to each family (every guardian) with a confirmed session still to come with the coach whose screening lapsed. */
async function tellFamiliesOfLapse(deps: AppDeps, coachId: number, lapsed: ScreeningKind[]): Promise<void> {
  const coach = await repo.findCoachUser(deps.database.db, coachId);
  if (!coach) return;
  const coachName = fullName(coach) || "Your coach";
  const now = deps.clock.now();
  const byFamily = new Map<string, Awaited<ReturnType<typeof repo.listUpcomingSessionsOfCoach>>>();
  for (const session of await repo.listUpcomingSessionsOfCoach(deps.database.db, coachId, now)) {
    const key = session.familyId !== null ? `family:${session.familyId}` : `user:${session.studentId}`;
    byFamily.set(key, [...(byFamily.get(key) ?? []), session]);
  }
  const what = lapsed.map((kind) => SCREENING_NOTICE_NAMES[kind]).join(" and ");
  const mailed = new Set<string>();
  for (const sessions of byFamily.values()) {
    const [first] = sessions;
    if (!first) continue;
    const audience = await familyAudience(
      deps.database.db,
      { familyId: first.familyId, athleteId: first.athleteId, userId: first.studentId },
      now,
    );
    const lines = sessions.map((s) => {
      const when = sessionWhen(s.startsAt, s.endsAt, s.timeZone);
      return `- ${when.date} at ${when.time}${s.athleteFirstName ? ` (${s.athleteFirstName})` : ""}`;
    });
    for (const to of audience.emails) {
      if (mailed.has(to)) continue;
      mailed.add(to);
      await deps.mailer.send({
        to,
        subject: `${coachName}'s screening has lapsed`,
        text: [
          `${coachName}'s ${what} expired, so the coach's profile no longer shows it as verified.`,
          "",
          `Your upcoming sessions with ${coachName}:`,
          ...lines,
          "",
          deps.config.requireScreeningForMinors
            ? "Your sessions are still booked. New sessions for athletes under 18 can be booked with this coach once the screening is renewed."
            : "Your sessions are still booked.",
          `You can message the coach or manage your sessions here: ${deps.config.appUrl}/my-bookings`,
        ].join("\n"),
      });
    }
  }
}

/** How a lapse notice names each screening credential mid-sentence. */
const SCREENING_NOTICE_NAMES: Record<ScreeningKind, string> = {
  safesport: "SafeSport training",
  background_check: "background check",
};

/** Sweep: the coach is mailed 30 and 7 days before a credential expires and on the day, each once. */
export async function sendCredentialExpiryNotices(deps: AppDeps): Promise<void> {
  const today = todayOf(deps);
  const lastDay = instantToLocal(
    new Date(deps.clock.now().getTime() + CREDENTIAL_EXPIRY_NOTICE_DAYS[0] * 86_400_000),
    deps.config.appTimeZone,
  ).date;
  for (const row of await repo.claimExpiryNotices(deps.database.db, today, lastDay, SWEEP_BATCH)) {
    const label = CREDENTIAL_LABELS[row.kind];
    const renew = `Renew it from your dashboard: ${deps.config.appUrl}/coach-dashboard`;
    if (row.stage === 0) {
      await mailCoach(deps, row.coachId, `Expired today: ${label}`, [
        `Your credential "${label}" expired today (${row.expiresOn}) and no longer shows on your profile.`,
        renew,
      ]);
    } else {
      await mailCoach(deps, row.coachId, `${label} expires on ${row.expiresOn}`, [
        `Your credential "${label}" expires on ${row.expiresOn}, in ${row.stage === 7 ? "a week or less" : "30 days or less"}.`,
        renew,
      ]);
    }
  }
}
