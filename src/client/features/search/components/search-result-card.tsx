import { MapPin } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import type { SearchResultCoach, SearchSlot } from "@contract/search";
import { Button } from "@client/components/ui/button";
import { ScreeningBadges } from "@client/components/screening-badges";
import { Card, CardContent } from "@client/components/ui/card";
import { paths } from "@client/config/paths";
import { useAllCoachTimes } from "../api/search-coaches";
import { CoachAvatar, coachName, RateList, RatingSummary, slotLabel, slotOffer, SpecializationBadges, WeeklySessions } from "./coach-bits";

/** player-side 9: each coach first shows 6 times. */
export const INITIAL_TIMES_SHOWN = 6;

export function SearchResultCard({ coach }: { coach: SearchResultCoach }) {
  const [showAll, setShowAll] = useState(false);
  // The answer carries the first times; "Show more" loads every bookable one.
  const all = useAllCoachTimes(coach.id, showAll && coach.hasMoreSlots);
  const slots: SearchSlot[] = showAll && all.data ? all.data : coach.availableSlots;
  const shown = showAll ? slots : slots.slice(0, INITIAL_TIMES_SHOWN);
  const hasMore = coach.hasMoreSlots || coach.availableSlots.length > INITIAL_TIMES_SHOWN;
  const name = coachName(coach);
  return (
    <Card data-testid="coach-card">
      <CardContent className="flex flex-col gap-4 pt-5 sm:pt-6">
        {/* On a phone View Profile wraps under the coach's facts instead of squeezing them to a word a line. */}
        <div className="flex flex-wrap items-start gap-x-4 gap-y-3">
          <CoachAvatar coach={coach} />
          <div className="flex min-w-48 flex-1 flex-col gap-1" data-testid="coach-card-facts">
            <h2 className="font-display text-xl font-bold text-field-950 uppercase">
              <Link href={paths.coachProfile(coach.id)} className="hover:underline">
                {name}
              </Link>
            </h2>
            <p className="font-medium text-slate-700">{coach.title}</p>
            <RatingSummary rating={coach.rating} reviewCount={coach.totalReviews} />
            <p className="flex flex-wrap items-center gap-1 text-sm text-slate-600">
              <MapPin aria-hidden className="size-4 shrink-0" />
              <span>{coach.location ?? coach.zipcode}</span>
              <span aria-hidden>·</span>
              <span className="whitespace-nowrap">{coach.distance.toFixed(1)} miles away</span>
            </p>
          </div>
          <Button asChild variant="outline" size="sm" className="shrink-0">
            <Link href={paths.coachProfile(coach.id)}>View Profile</Link>
          </Button>
        </div>
        <ScreeningBadges badges={coach.badges} />
        <SpecializationBadges specializations={coach.specializations} />
        <RateList rates={coach.rates} />
        <WeeklySessions slots={coach.availableSlots} />
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-slate-800">Available times</h3>
          {slots.length === 0 ? (
            <p className="text-sm text-slate-600">No available times right now.</p>
          ) : (
            <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
              {shown.map((slot) => (
                <li key={slot.id}>
                  <Link
                    href={`${paths.bookCoach(coach.id)}?slot=${slot.id}`}
                    className="block rounded-lg border border-field-200 bg-white px-3 py-2 text-sm font-medium text-field-900 hover:border-field-600 hover:bg-field-50"
                  >
                    {slotLabel(slot)}
                    {slot.isGroup ? <span className="ml-1 text-xs text-slate-600">(group)</span> : null}
                    {slotOffer(slot, coach.rates) ? (
                      <span className="block text-xs font-normal text-slate-600">{slotOffer(slot, coach.rates)}</span>
                    ) : null}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {showAll && all.isLoading ? <p className="text-sm text-slate-600">Loading more times...</p> : null}
          {showAll && all.error ? (
            <p role="alert" className="text-sm text-red-700">
              Could not load more times. Please try again.
            </p>
          ) : null}
          {hasMore ? (
            <Button variant="link" className="w-fit" onClick={() => setShowAll((v) => !v)} aria-expanded={showAll}>
              {showAll ? "Show fewer times" : "Show more times"}
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
