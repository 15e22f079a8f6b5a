import { MapPin } from "lucide-react";
import { Link } from "wouter";
import type { MatchedCoach } from "@contract/search";
import { ScreeningBadges } from "@client/components/screening-badges";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Card, CardContent } from "@client/components/ui/card";
import { paths } from "@client/config/paths";
import { CoachAvatar, coachName, fromPrice, RatingStars, SpecializationBadges } from "./coach-bits";

/** player-side 2: at most 4 positions (then "+n more"), 3 specializations and 3 reasons per card. */
export const MAX_POSITIONS_SHOWN = 4;
export const MAX_SPECIALIZATIONS_SHOWN = 3;
export const MAX_REASONS_SHOWN = 3;

/**
 * `forAthlete`: the athlete Quick Match was for, when it is not the account holder (DESIGN.md 12):
 * "Book" names them and goes on to the booking page with them chosen.
 */
export function MatchCard({ coach, forAthlete = null }: { coach: MatchedCoach; forAthlete?: { id: number; firstName: string } | null }) {
  const positions = coach.positions.slice(0, MAX_POSITIONS_SHOWN);
  const hiddenPositions = coach.positions.length - positions.length;
  const specializations = coach.specializations
    .filter((s) => !(coach.positions as readonly string[]).includes(s))
    .slice(0, MAX_SPECIALIZATIONS_SHOWN);
  const from = fromPrice(coach.rates);
  return (
    <Card data-testid="match-card" className="flex flex-col">
      <CardContent className="flex flex-1 flex-col gap-3 pt-5 sm:pt-6">
        {/* On a phone the match badge moves under the name rather than squeezing it. */}
        <div className="flex flex-wrap items-start gap-x-4 gap-y-2">
          <CoachAvatar coach={coach} />
          <div className="flex min-w-40 flex-1 flex-col gap-1">
            <h2 className="font-display text-xl font-bold text-field-950 uppercase">{coachName(coach)}</h2>
            <p className="font-medium text-slate-700">{coach.title}</p>
            <RatingStars rating={coach.rating} totalReviews={coach.totalReviews} />
          </div>
          <Badge variant="accent" className="text-sm" aria-label={`${coach.matchScore}% match`}>
            {coach.matchScore}% match
          </Badge>
        </div>
        {coach.location || coach.distance !== null ? (
          <p className="flex items-center gap-1 text-sm text-slate-600">
            <MapPin aria-hidden className="size-4" />
            {coach.location ?? coach.zipcode}
            {coach.distance !== null ? ` · ${coach.distance.toFixed(1)} miles away` : null}
          </p>
        ) : null}
        <ScreeningBadges badges={coach.badges} />
        {positions.length > 0 ? (
          <div className="flex flex-wrap gap-1.5" aria-label="Positions">
            {positions.map((p) => (
              <Badge key={p}>{p}</Badge>
            ))}
            {hiddenPositions > 0 ? <Badge variant="outline">+{hiddenPositions} more</Badge> : null}
          </div>
        ) : null}
        <SpecializationBadges specializations={specializations} />
        {coach.matchReasons.length > 0 ? (
          <ul className="flex flex-col gap-1 text-sm text-field-900" aria-label="Why this coach">
            {coach.matchReasons.slice(0, MAX_REASONS_SHOWN).map((reason) => (
              <li key={reason} className="flex gap-2">
                <span aria-hidden className="text-field-600">
                  ✓
                </span>
                {reason}
              </li>
            ))}
          </ul>
        ) : null}
        {coach.bio ? <p className="line-clamp-3 text-sm text-slate-700">{coach.bio}</p> : null}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-3">
          <span className="font-semibold text-field-900">{from ?? "Rates on request"}</span>
          <div className="flex gap-2">
            <Button asChild variant="outline" size="sm">
              <Link href={paths.coachProfile(coach.id)}>View Profile</Link>
            </Button>
            <Button asChild size="sm">
              {forAthlete ? (
                <Link href={`${paths.bookCoach(coach.id)}?athlete=${forAthlete.id}`}>Book {forAthlete.firstName}&apos;s session</Link>
              ) : (
                <Link href={paths.bookCoach(coach.id)}>Book Session</Link>
              )}
            </Button>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
