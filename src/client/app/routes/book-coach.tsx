import { ArrowLeft } from "lucide-react";
import { Suspense, useCallback, useId, useMemo, useState, useSyncExternalStore } from "react";
import { lazyWithReload } from "../../lib/lazy-with-reload";
import { Link, useLocation, useParams, useSearch } from "wouter";
import { BookingMessages, DEFAULT_BOOKING_DURATION, ratesForSlot, upcomingStartTimeOptions } from "@contract/booking-basics";
import type { RateResponse } from "@contract/coach-basics";
import type { TimeSlot } from "@contract/slots";
import { ScreeningBadges } from "../../components/screening-badges";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Label } from "../../components/ui/label";
import { FullPageSpinner } from "../../components/ui/spinner";
import { Textarea } from "../../components/ui/textarea";
import { toast } from "../../components/ui/toast";
import { paths } from "../../config/paths";
import { useCurrentUser } from "../../lib/current-user";
import { useSeriesPreview } from "../../features/bookings/api/book-series";
import type { WeeklyChoice } from "../../features/bookings/components/weekly-series-section";
import { useBookableCoach, useBookableSlots, useSeatsLeft } from "../../features/bookings/api/get-bookable-coach";
import { backHref } from "../../features/bookings/components/back-link";
import { bookableSlots } from "../../features/bookings/components/bookable-slots";
import { BookingButtons } from "../../features/bookings/components/booking-buttons";
import { BookingSummary } from "../../features/bookings/components/booking-summary";
import { SessionOptionsCard } from "../../features/bookings/components/session-options";
import { AvailableTimesCard } from "../../features/bookings/components/slot-choices";
import { useBookSlot } from "../../features/bookings/components/use-book-slot";
import { CoachHeader } from "../../features/bookings/components/coach-header";
import { useAthletes } from "../../features/families/api/families";
import { AthletePicker, mustChooseAthlete } from "../../features/families/components/athlete-picker";
import { athleteWithAge, bookSessionLabel, isWhoseSessionShown } from "../../features/bookings/components/whose-session";
import { FullGroupSlots } from "../../features/waitlist/components/full-group-slots";
import { useCredits } from "../../features/packages/api/packages";
import { loadLastSearch, toSearchQuery } from "../../features/search/last-search";
import { nowIn } from "../../lib/when";
import { useNow } from "../../lib/use-now";
import { slotOffer } from "../../features/search/components/coach-bits";
import { bookCoachPageHead } from "@contract/page-titles";
import { useDocumentHead } from "../../lib/document-head";

// Only for a slot of a weekly series, once chosen: not part of the page's first screen.
const WeeklySeriesSection = lazyWithReload(async () => ({
  default: (await import("../../features/bookings/components/weekly-series-section")).WeeklySeriesSection,
}));
const DEFAULT_SERIES_WEEKS = 8;
// The coach's packages and the family's credits load after the page's first screen, as on the profile.
const PackageOffers = lazyWithReload(async () => ({
  default: (await import("../../features/packages/components/package-offers")).PackageOffers,
}));
const MyCredits = lazyWithReload(async () => ({ default: (await import("../../features/packages/components/my-credits")).MyCredits }));
// Only a family with several athletes on a group session sees it: not part of the page's first screen.
const AthletesComing = lazyWithReload(async () => ({
  default: (await import("../../features/families/components/athletes-coming")).AthletesComing,
}));

/** Nothing to listen to: the back link is read again at each render. */
const subscribeNothing = () => () => {};

/** player-side 2: where the booking page's back link goes, from what this browser knows. */
function browserBackHref(): string {
  const lastSearch = loadLastSearch();
  return backHref({
    lastSearch: lastSearch ? `${paths.findCoaches}?${toSearchQuery(lastSearch)}` : null,
    referrer: document.referrer,
    origin: window.location.origin,
    currentPath: window.location.pathname,
    fallback: paths.findCoaches,
  });
}

export function BookCoachPage() {
  const params = useParams<{ id: string }>();
  const coachId = /^\d{1,9}$/.test(params.id ?? "") ? Number(params.id) : null;
  const coach = useBookableCoach(coachId);
  const slots = useBookableSlots(coachId);
  useDocumentHead(coach.data ? bookCoachPageHead(coach.data) : null);

  if (coachId !== null && (coach.isLoading || slots.isLoading)) return <FullPageSpinner label="Loading..." />;
  if (coachId === null || coach.isError || !coach.data) {
    return (
      <section className="mx-auto max-w-md px-4 py-20 text-center">
        <h1 className="font-display text-2xl font-bold text-field-950 uppercase">Coach not found.</h1>
        <Button asChild variant="link" className="mt-4">
          <Link href={paths.findCoaches}>Find a Coach</Link>
        </Button>
      </section>
    );
  }
  return <BookCoach coach={coach.data} slots={slots.data ?? []} slotsFailed={slots.isError} />;
}

type BookCoachProps = {
  coach: NonNullable<ReturnType<typeof useBookableCoach>["data"]>;
  slots: TimeSlot[];
  slotsFailed: boolean;
};

function BookCoach({ coach, slots, slotsFailed }: BookCoachProps) {
  const [, navigate] = useLocation();
  const search = useSearch();
  const { user } = useCurrentUser();
  const notesId = useId();

  // The coach's wall clock, re-read each minute so a start time that begins while the page is open goes away.
  const now = useNow();
  const coachNow = useMemo(() => nowIn(coach.timeZone, now), [coach.timeZone, now]);
  const available = useMemo(() => bookableSlots(slots, coachNow, coach.rates), [slots, coachNow, coach.rates]);
  const preselected = Number(new URLSearchParams(search).get("slot"));
  const [slotId, setSlotId] = useState<number | null>(() => available.find((s) => s.id === preselected)?.id ?? null);
  const [rateId, setRateId] = useState<number | null>(null);
  const [startTime, setStartTime] = useState<string | null>(null);
  const [notes, setNotes] = useState("");
  // Which athletes of the family take a seat (DESIGN.md 11): one (the picker shows with two or
  // more athletes), or several siblings in a group session, paid in one checkout.
  // Chosen on Match (?athlete=): the family chose it there; the picker and the server check it is theirs.
  const [athleteIds, setAthleteIds] = useState<number[]>(() => {
    const fromMatch = Number(new URLSearchParams(search).get("athlete"));
    return Number.isInteger(fromMatch) && fromMatch > 0 ? [fromMatch] : [];
  });
  const athleteId = athleteIds[0] ?? null;
  const setAthleteId = useCallback((id: number) => setAthleteIds([id]), []);
  // DESIGN.md 11: "every week for N weeks" from a slot of a weekly series (for one athlete).
  const [weekly, setWeekly] = useState<WeeklyChoice>({ on: false, weeks: DEFAULT_SERIES_WEEKS });

  const slot = available.find((s) => s.id === slotId) ?? null;
  const rates = slot ? ratesForSlot(coach.rates, slot.isGroup) : [];
  const rate = rates.find((r) => r.id === rateId) ?? null;
  const duration = rate?.duration ?? DEFAULT_BOOKING_DURATION;
  const startOptions = slot ? upcomingStartTimeOptions(slot, duration, coachNow) : [];
  const clock = { date: slot?.date ?? "", timeZone: coach.timeZone };
  // A start time chosen earlier that has begun since is no longer offered, nor booked. A slot with
  // one start time has it chosen already (issue 47): there is nothing to choose.
  const onlyStart = startOptions.length === 1 ? (startOptions[0] ?? null) : null;
  const chosenStart = startTime && startOptions.includes(startTime) ? startTime : onlyStart;
  const isPlayer = user?.userType === "player";
  const athletes = useAthletes(isPlayer);
  const family = athletes.data ?? [];
  const seatsLeft = useSeatsLeft(slot?.id ?? null, isPlayer && !!slot?.isGroup && family.length > 1);
  // Siblings can come together when the session has a seat for more than one of them.
  const canBringSeveral = !!slot?.isGroup && family.length > 1 && (seatsLeft.data ?? slot.capacity) > 1;
  const chosen = canBringSeveral ? athleteIds : athleteIds.slice(0, 1);
  const seatCount = Math.max(1, chosen.length);
  // DESIGN.md 12: a family of two or more chooses whom the session is for; nothing is booked before.
  const mustChoose = isPlayer && mustChooseAthlete(athletes.data, chosen);
  const whose = chosen.flatMap((id) => family.filter((a) => a.id === id));
  const isWhoseShown = isPlayer && whose.length > 0 && isWhoseSessionShown(family, user);
  // DESIGN.md 11: a credit of this coach, kind and duration books without a card.
  const credits = useCredits(coach.id, user?.userType === "player");

  const isWeekly = weekly.on && !!slot?.seriesId;
  const preview = useSeriesPreview(isWeekly && slot && user?.userType === "player" ? { timeSlotId: slot.id, duration, athleteId } : null);
  const seriesWeeks = preview.data ? preview.data.weeks.slice(0, Math.min(weekly.weeks, preview.data.weeks.length)) : [];
  const openWeeks = seriesWeeks.filter((w) => w.state === "open").length;

  // The server (and the browser while hydrating its page) knows neither the last search nor the referrer.
  const back = useSyncExternalStore(subscribeNothing, browserBackHref, () => paths.findCoaches);

  // player-side 4: choosing a time slot resets the rate, session type and duration (60).
  function chooseSlot(next: TimeSlot) {
    setSlotId(next.id);
    setRateId(null);
    setStartTime(null);
    setWeekly({ on: false, weeks: DEFAULT_SERIES_WEEKS });
  }

  function chooseRate(next: RateResponse) {
    setRateId(next.id);
    if (slot && startTime && !upcomingStartTimeOptions(slot, next.duration, coachNow).includes(startTime)) setStartTime(null);
  }

  const returnPath = slot ? `${paths.bookCoach(coach.id)}?slot=${slot.id}` : paths.bookCoach(coach.id);
  const booking = useBookSlot({ returnPath });

  function bookAndPay(payWith: "card" | "credit" = "card") {
    if (!user) return booking.signIn();
    if (!slot)
      return toast({ title: "Missing Information", description: "Please select a time slot and session type.", variant: "destructive" });
    if (!rate) return toast({ title: "Error", description: BookingMessages.SELECT_DURATION, variant: "destructive" });
    if (!chosenStart)
      return toast({ title: "Missing Information", description: "Please select a time slot and session type.", variant: "destructive" });
    if (mustChoose)
      return toast({ title: "Missing Information", description: "Choose which athlete this session is for.", variant: "destructive" });
    const request = {
      timeSlotId: slot.id,
      rateId: rate.id,
      sessionType: rate.sessionType,
      duration: rate.duration,
      rate: rate.rate,
      notes: notes.trim() || null,
      preferredStartTime: chosenStart,
      coachId: coach.id,
      studentId: user.id,
    };
    if (chosen.length > 1) return void booking.bookSiblings(request, chosen, payWith, () => void credits.refetch());
    booking.bookOne({ ...request, ...(athleteId !== null ? { athleteId } : {}), payWith }, () => void credits.refetch());
  }

  function bookWeekly(payWith: "card" | "credit") {
    if (!user) return booking.signIn();
    if (!slot) return;
    if (mustChoose)
      return toast({ title: "Missing Information", description: "Choose which athlete this session is for.", variant: "destructive" });
    if (!rate) return toast({ title: "Error", description: BookingMessages.SELECT_DURATION, variant: "destructive" });
    if (openWeeks === 0) return toast({ title: "No open weeks", description: "None of these weeks is open.", variant: "destructive" });
    booking.bookWeekly({
      timeSlotId: slot.id,
      weeks: seriesWeeks.length,
      payWith,
      duration: rate.duration,
      notes: notes.trim() || null,
      ...(athleteId !== null ? { athleteId } : {}),
    });
  }

  return (
    // On a phone the summary's buttons sit in a bar fixed to the bottom of the screen: room below the page keeps its end clear of it.
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 pt-8 pb-48 sm:px-6 lg:pb-8">
      <Button asChild variant="link" className="self-start">
        <Link href={back}>
          <ArrowLeft aria-hidden /> Back to Search
        </Link>
      </Button>
      <CoachHeader coach={coach} />
      <ScreeningBadges badges={coach.badges} className="-mt-2 sm:pl-24" />
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="flex flex-col gap-6">
          <AvailableTimesCard
            failed={slotsFailed}
            slots={available}
            selectedId={slotId}
            onChoose={chooseSlot}
            timeZone={coach.timeZone}
            offerOf={(s) => slotOffer(s, coach.rates)}
          />
          <FullGroupSlots
            slots={slots}
            today={coachNow.date}
            signedIn={!!user}
            athleteId={athleteId}
            mustChooseAthlete={isPlayer && mustChooseAthlete(athletes.data, athleteIds)}
          />

          {slot ? (
            <SessionOptionsCard
              slot={slot}
              rates={rates}
              rateId={rateId}
              onChooseRate={chooseRate}
              weeklySection={
                slot.seriesId && rates.length > 0 ? (
                  <Suspense fallback={null}>
                    <WeeklySeriesSection
                      choice={weekly}
                      onChange={setWeekly}
                      preview={user?.userType === "player" ? preview : null}
                      signedIn={!!user}
                      onSignIn={() => booking.signIn()}
                    />
                  </Suspense>
                ) : null
              }
              isWeekly={isWeekly}
              startOptions={startOptions}
              chosenStart={chosenStart}
              onChooseStart={setStartTime}
              clock={clock}
              duration={duration}
            />
          ) : null}

          <Card>
            <CardHeader>
              <CardTitle>Session Details</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-1.5">
              {isPlayer ? (
                <div className="mb-3">
                  {canBringSeveral ? (
                    <Suspense fallback={null}>
                      <AthletesComing seats={seatsLeft.data ?? slot.capacity} value={athleteIds} onChange={setAthleteIds} />
                    </Suspense>
                  ) : (
                    <AthletePicker coachId={coach.id} value={athleteId} onChange={setAthleteId} />
                  )}
                </div>
              ) : null}
              <Label htmlFor={notesId}>Notes for your coach (optional)</Label>
              <Textarea
                id={notesId}
                value={notes}
                maxLength={2000}
                placeholder="What would you like to work on?"
                onChange={(e) => setNotes(e.target.value)}
              />
            </CardContent>
          </Card>
        </div>

        <BookingSummary
          slot={slot}
          timeZone={coach.timeZone}
          rate={rate}
          duration={duration}
          chosenStart={chosenStart}
          {...(isWeekly ? { weeks: preview.data ? { open: openWeeks, total: seriesWeeks.length } : null } : {})}
          athletes={isWhoseShown ? whose.map(athleteWithAge) : null}
          seatCount={seatCount}
        >
          <BookingButtons
            rate={rate}
            credits={credits.data ?? []}
            seatCount={seatCount}
            {...(isWeekly ? { openWeeks: user && preview.data ? openWeeks : null } : {})}
            onBook={bookAndPay}
            onBookWeekly={bookWeekly}
            isBookingOne={booking.isBookingOne}
            isBooking={booking.isBookingSeveral}
            isBookingWeekly={booking.isBookingWeekly}
            mustChooseAthlete={mustChoose}
            missingTime={!slot ? "Choose a time to book." : !chosenStart ? "Choose a start time to book." : null}
            {...(isWhoseShown ? { bookLabel: bookSessionLabel(whose) } : {})}
          />
        </BookingSummary>
      </div>
      {/* Below the booking itself: they load after the first screen and, above it, pushed the times down as they came (Lighthouse CLS 0.16). */}
      <Suspense fallback={null}>
        <PackageOffers coachId={coach.id} onBuy={(p) => (user ? navigate(paths.packageCheckout(p.id)) : booking.signIn())} />
        {user?.userType === "player" ? <MyCredits coachId={coach.id} title="My credits with this coach" /> : null}
      </Suspense>
    </div>
  );
}
