import { MapPin } from "lucide-react";
import { Link, useLocation } from "wouter";
import { FEE_INCLUDED_NOTE } from "@contract/money";
import { placePageHead } from "@contract/page-titles";
import { parsePlacePath, type PlaceCoach, type PlacePage as PlacePageData } from "@contract/place-pages";
import { Card, CardContent } from "../../components/ui/card";
import { PageSkeleton } from "../../components/ui/page-skeleton";
import { PageTitle } from "../../components/ui/page-title";
import { paths } from "../../config/paths";
import { useDocumentHead } from "../../lib/document-head";
import { formatClock, formatDayLabel, zonedInstant, zoneAbbreviation } from "../../lib/when";
import { usePlacePage } from "../../features/places/api/get-place-page";
import { CoachAvatar, RatingSummary } from "../../features/search/components/coach-bits";

export const PLACE_NOT_FOUND_TEXT = "No coaches found in this place.";

/** /coaches/{state}/{city}[/{position}] (DESIGN.md 12): the coaches of a town, for parents who search for one. */
export function PlacePage() {
  const [location] = useLocation();
  const place = parsePlacePath(location);
  const page = usePlacePage(place);
  // A missing place keeps the app's own head, as the server's 404 answer carries it.
  useDocumentHead(page.data ? placePageHead(page.data) : null);
  if (place && page.isLoading) return <PageSkeleton label="Loading coaches..." />;
  if (!page.data) {
    return (
      <section className="mx-auto max-w-md px-4 py-20 text-center">
        <PageTitle>{PLACE_NOT_FOUND_TEXT}</PageTitle>
        <Link href={paths.findCoaches} className="mt-4 inline-block font-semibold text-field-700 underline">
          Find a Coach
        </Link>
      </section>
    );
  }
  return <PlaceView place={page.data} />;
}

function PlaceView({ place }: { place: PlacePageData }) {
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6">
      <nav aria-label="Breadcrumb">
        <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-600">
          {place.breadcrumbs.map((crumb, i) => (
            <li key={crumb.path} className="flex items-center gap-1">
              {i > 0 ? <span aria-hidden>/</span> : null}
              {i === place.breadcrumbs.length - 1 ? (
                <span aria-current="page">{crumb.name}</span>
              ) : (
                <Link href={crumb.path} className="underline hover:text-field-800">
                  {crumb.name}
                </Link>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <header className="flex flex-col gap-2">
        <PageTitle>{place.heading}</PageTitle>
        <p className="text-lg text-slate-700">
          {place.coachCount === 1 ? "1 coach" : `${place.coachCount} coaches`}
          {place.priceRange ? (
            <>
              {" · "}
              {place.priceRange.min === place.priceRange.max
                ? `${place.priceRange.min} per session`
                : `${place.priceRange.min} to ${place.priceRange.max} per session`}{" "}
              <span className="text-sm text-slate-500">({FEE_INCLUDED_NOTE})</span>
            </>
          ) : null}
        </p>
      </header>
      <ul className="grid gap-4 sm:grid-cols-2">
        {place.coaches.map((coach) => (
          <li key={coach.id}>
            <PlaceCoachCard coach={coach} />
          </li>
        ))}
      </ul>
      {place.positions.length > 0 ? (
        <nav aria-label="Coaches by position">
          <h2 className="mb-2 font-display text-xl font-bold text-field-950 uppercase">By position</h2>
          <ul className="flex flex-wrap gap-2">
            {place.positions.map((p) => (
              <li key={p.position}>
                <Link
                  href={p.path}
                  aria-current={p.position === place.position ? "page" : undefined}
                  className="inline-flex rounded-full border border-field-200 px-3 py-1 text-sm font-medium text-field-800 hover:bg-field-50"
                >
                  {p.position} coaches ({p.coachCount})
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {place.nearby.length > 0 ? (
        <nav aria-label="Other places">
          <h2 className="mb-2 font-display text-xl font-bold text-field-950 uppercase">More places in {place.state.toUpperCase()}</h2>
          <ul className="flex flex-wrap gap-2">
            {place.nearby.map((p) => (
              <li key={p.path}>
                <Link
                  href={p.path}
                  className="inline-flex rounded-full border border-slate-200 px-3 py-1 text-sm text-slate-700 hover:bg-slate-50"
                >
                  {p.cityName}, {p.state} ({p.coachCount})
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}

/** "Tue, Nov 24 · 6:00 PM EST": always in the coach's zone, named, so the server's HTML and the browser's agree. */
function openTimeLabel(time: PlaceCoach["nextOpenTimes"][number]): string {
  const at = zonedInstant(time.date, time.startTime, time.timeZone);
  const zone = at ? ` ${zoneAbbreviation(time.timeZone, at)}` : "";
  return `${formatDayLabel(time.date) ?? time.date} · ${formatClock(time.startTime) ?? time.startTime}${zone}`;
}

function PlaceCoachCard({ coach }: { coach: PlaceCoach }) {
  return (
    <Card className="h-full">
      <CardContent className="flex gap-4 pt-5 sm:pt-6">
        <CoachAvatar
          coach={{ profileImageUrl: coach.profileImageUrl, user: { firstName: coach.name, lastName: null, profileImageUrl: null } }}
        />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h2 className="font-display text-xl font-bold text-field-950 uppercase">
            <Link href={coach.path} className="hover:underline">
              {coach.name}
            </Link>
          </h2>
          <p className="text-slate-700">{coach.title}</p>
          <RatingSummary rating={coach.rating} reviewCount={coach.reviewCount} />
          {coach.positions.length > 0 ? <p className="text-sm text-slate-600">{coach.positions.join(", ")}</p> : null}
          {coach.location ? (
            <p className="flex items-center gap-1 text-sm text-slate-600">
              <MapPin aria-hidden className="size-4" />
              {coach.location}
            </p>
          ) : null}
          {coach.fromPrice ? (
            <p className="font-semibold text-field-900">
              From {coach.fromPrice.price}/session ({coach.fromPrice.duration} min)
            </p>
          ) : null}
          {coach.nextOpenTimes.length > 0 ? (
            <div className="text-sm text-slate-700">
              <p className="font-medium">Next open times</p>
              <ul>
                {coach.nextOpenTimes.map((time) => (
                  <li key={`${time.date} ${time.startTime}`}>{openTimeLabel(time)}</li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
