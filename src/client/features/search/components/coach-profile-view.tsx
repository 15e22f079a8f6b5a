import { useSyncExternalStore, type ReactNode } from "react";
import { ArrowLeft, CalendarClock, Clock, MapPin, Star, Users } from "lucide-react";
import { Link } from "wouter";
import { FEE_INCLUDED_NOTE, familyPrice } from "@contract/money";
import { placePathOfLocation } from "@contract/place-pages";
import { NO_REVIEWS_TEXT, responseTimeText } from "@contract/review-basics";
import { PROFILE_SLOT_COUNT } from "@contract/search-basics";
import type { CoachProfile } from "@contract/search";
import { ScreeningBadges } from "@client/components/screening-badges";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@client/components/ui/card";
import { paths } from "@client/config/paths";
import { lastSearchUrl } from "../last-search";
import { CoachAvatar, coachName, RateList, RatingSummary, slotLabel, slotOffer, SpecializationBadges, WeeklySessions } from "./coach-bits";

/**
 * DESIGN.md 10 replaces the spec's placeholder figures with real ones: the reviews' average and
 * count, sessions taught, and the usual time to answer a request (left out until there is one).
 */
export function quickStats(coach: CoachProfile): { icon: typeof Star; label: string; value: string }[] {
  const { rating, reviewCount, sessionsTaught, medianResponseMinutes } = coach.reviewSummary;
  const stats = [
    {
      icon: Star,
      label: "Rating",
      value: rating === null ? NO_REVIEWS_TEXT : `${rating.toFixed(1)} (${reviewCount} ${reviewCount === 1 ? "review" : "reviews"})`,
    },
  ];
  // A zero says nothing to a family (issue 29): the figure shows once there is one.
  if (sessionsTaught > 0) stats.push({ icon: Users, label: "Sessions taught", value: String(sessionsTaught) });
  const response = responseTimeText(medianResponseMinutes);
  if (response) stats.push({ icon: Clock, label: "Response time", value: response });
  return stats;
}

/** Nothing to listen to: the last search is read again at each render. */
const subscribeNothing = () => () => {};

export function BackToSearchLink() {
  // The server (and the browser while hydrating its page) knows no last search: the plain search page first.
  const href = useSyncExternalStore(subscribeNothing, lastSearchUrl, () => paths.findCoaches);
  return (
    <Link href={href} className="inline-flex w-fit items-center gap-1 text-sm font-semibold text-field-700 hover:underline">
      <ArrowLeft aria-hidden className="size-4" />
      Back to Search
    </Link>
  );
}

/**
 * Where the coach usually trains: the places of their next open times, most used first (at most
 * three), else the coach's town.
 */
export function trainingPlaces(coach: Pick<CoachProfile, "availableSlots" | "location">): string[] {
  const counts = new Map<string, number>();
  for (const slot of coach.availableSlots) {
    const place = [slot.locationName, slot.locationAddress].filter(Boolean).join(", ");
    if (place) counts.set(place, (counts.get(place) ?? 0) + 1);
  }
  const places = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([place]) => place);
  if (places.length > 0) return places.slice(0, 3);
  return coach.location ? [coach.location] : [];
}

/**
 * `requestAction` is the Request Session control, composed in by the page (the requests feature
 * owns it); it is called with the label to show: "Request Session" when the coach has no open
 * time, "Request another time" beside Book Session otherwise. `reviews` is the reviews card,
 * composed in by the page (the reviews feature owns it).
 */
export function CoachProfileView({
  coach,
  requestAction,
  reviews,
  messageAction,
}: {
  coach: CoachProfile;
  requestAction: (label: string) => ReactNode;
  reviews?: ReactNode;
  /** "Message coach", composed in by the page (the messages feature owns it). */
  messageAction?: ReactNode;
}) {
  const name = coachName(coach);
  const slots = coach.availableSlots.slice(0, PROFILE_SLOT_COUNT);
  const places = trainingPlaces(coach);
  return (
    <div className="flex flex-col gap-6">
      <BackToSearchLink />
      <Card>
        <CardContent className="flex flex-col gap-5 pt-5 sm:flex-row sm:items-start sm:pt-6">
          <CoachAvatar coach={coach} className="size-28 text-5xl" />
          <div className="flex flex-1 flex-col gap-2">
            <h1 className="font-display text-3xl font-bold text-field-950 uppercase sm:text-4xl">{name}</h1>
            <p className="text-lg font-medium text-slate-700">{coach.title}</p>
            <RatingSummary rating={coach.rating} reviewCount={coach.reviewCount} />
            <ScreeningBadges badges={coach.badges} withOthers />
            {coach.location ? (
              <p className="flex items-center gap-1 text-slate-600">
                <MapPin aria-hidden className="size-4" />
                <TownLink location={coach.location} />
              </p>
            ) : null}
            <RateList rates={coach.rates} />
            <SpecializationBadges specializations={coach.specializations} />
          </div>
          <div className="flex flex-col gap-2 sm:items-end">
            {slots.length > 0 ? (
              <>
                <Button asChild size="lg">
                  <Link href={paths.bookCoach(coach.id)}>Book Session</Link>
                </Button>
                {/* Issue 29: a coach who takes requests can be asked for another time even with open slots. */}
                {coach.allowSessionRequests ? requestAction("Request another time") : null}
              </>
            ) : coach.allowSessionRequests ? (
              requestAction("Request Session")
            ) : (
              <Button size="lg" disabled>
                No Available Times
              </Button>
            )}
            {messageAction}
          </div>
        </CardContent>
      </Card>
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="flex flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle level={2}>About</CardTitle>
            </CardHeader>
            <CardContent>
              <p className="whitespace-pre-line text-slate-700">{coach.bio}</p>
            </CardContent>
          </Card>
          {coach.experience ? (
            <Card>
              <CardHeader>
                <CardTitle level={2}>Experience</CardTitle>
              </CardHeader>
              <CardContent>
                <p className="whitespace-pre-line text-slate-700">{coach.experience}</p>
              </CardContent>
            </Card>
          ) : null}
          <Card>
            <CardHeader>
              <CardTitle level={2}>Session Rates</CardTitle>
            </CardHeader>
            <CardContent>
              {coach.rates.length === 0 ? (
                <p className="text-slate-600">Rates not listed yet.</p>
              ) : (
                <>
                  <ul className="divide-y divide-slate-200">
                    {coach.rates.map((rate) => (
                      <li key={rate.id} className="flex justify-between py-2">
                        <span className="capitalize text-slate-700">
                          {rate.sessionType} · {rate.duration} minutes
                        </span>
                        <span className="font-semibold text-field-900">{familyPrice(rate.rate)}</span>
                      </li>
                    ))}
                  </ul>
                  <p className="pt-2 text-xs text-slate-500">Prices {FEE_INCLUDED_NOTE}.</p>
                </>
              )}
            </CardContent>
          </Card>
          {reviews}
        </div>
        <div className="flex flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle level={2}>Quick Stats</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="flex flex-col gap-3" data-testid="quick-stats">
                {quickStats(coach).map(({ icon: Icon, label, value }) => (
                  <div key={label} className="flex items-center justify-between gap-3">
                    <dt className="flex items-center gap-2 text-slate-600">
                      <Icon aria-hidden className="size-4 text-field-600" />
                      {label}
                    </dt>
                    <dd className="font-semibold text-field-950">{value}</dd>
                  </div>
                ))}
              </dl>
            </CardContent>
          </Card>
          {places.length > 0 ? (
            <Card>
              <CardHeader>
                <CardTitle level={2}>Where they train</CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="flex flex-col gap-2" aria-label="Usually trains at">
                  {places.map((place) => (
                    <li key={place} className="flex items-start gap-2 text-sm text-slate-700">
                      <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-field-600" />
                      {place}
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          ) : null}
          <Card>
            <CardHeader>
              <CardTitle level={2}>Next Available</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-3">
              <WeeklySessions slots={coach.availableSlots} />
              {slots.length === 0 ? (
                <p className="text-slate-600">No available times right now.</p>
              ) : (
                <ul className="flex flex-col gap-2" aria-label="Next available times">
                  {slots.map((slot) => (
                    <li key={slot.id}>
                      <Link
                        href={`${paths.bookCoach(coach.id)}?slot=${slot.id}`}
                        className="flex items-center gap-2 rounded-lg border border-field-200 px-3 py-2 text-sm font-medium text-field-900 hover:border-field-600 hover:bg-field-50"
                      >
                        <CalendarClock aria-hidden className="size-4 shrink-0 text-field-600" />
                        <span className="flex flex-col">
                          <span>{slotLabel(slot)}</span>
                          {slotOffer(slot, coach.rates) ? (
                            <span className="text-xs font-normal text-slate-600">{slotOffer(slot, coach.rates)}</span>
                          ) : null}
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}

/** The coach's town, linked to its place page (DESIGN.md 12) when it is a "City, ST". */
function TownLink({ location }: { location: string }) {
  const path = placePathOfLocation(location);
  if (!path) return <>{location}</>;
  return (
    <Link href={path} className="underline decoration-slate-300 underline-offset-2 hover:text-field-800">
      {location}
    </Link>
  );
}
