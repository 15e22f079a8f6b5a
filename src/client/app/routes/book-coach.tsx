import { ArrowLeft, CalendarDays, Clock, Users } from "lucide-react";
import { lazy, Suspense, useCallback, useId, useMemo, useState } from "react";
import { Link, useLocation, useParams, useSearch } from "wouter";
import {
  BookingMessages,
  DEFAULT_BOOKING_DURATION,
  noRatesMessage,
  ratesForSlot,
  upcomingStartTimeOptions,
  type Booking,
  type BookingRequest,
} from "@contract/bookings";
import type { RateResponse } from "@contract/coaches";
import { centsToDecimal, decimalToCents, FEE_INCLUDED_NOTE, familyPrice, platformFeeCents, totalCents } from "@contract/money";
import type { TimeSlot } from "@contract/slots";
import { addMinutesToTime } from "@contract/time";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Label } from "../../components/ui/label";
import { FullPageSpinner } from "../../components/ui/spinner";
import { Textarea } from "../../components/ui/textarea";
import { toast } from "../../components/ui/toast";
import { checkoutOfBookings, paths, signInHref } from "../../config/paths";
import { useCurrentUser } from "../../lib/current-user";
import { useCancelOwnBooking } from "../../features/bookings/api/cancel-own-booking";
import { useCreateBooking } from "../../features/bookings/api/create-booking";
import { useBookSeries, useSeriesPreview } from "../../features/bookings/api/book-series";
import type { WeeklyChoice } from "../../features/bookings/components/weekly-series-section";
import { useBookableCoach, useBookableSlots, useSeatsLeft } from "../../features/bookings/api/get-bookable-coach";
import { backHref } from "../../features/bookings/components/back-link";
import { bookableSlots, groupByDate } from "../../features/bookings/components/bookable-slots";
import { bookingAthleteName, sessionTypeLabel } from "../../features/bookings/components/booking-format";
import { SessionPlaceDetails } from "../../features/bookings/components/session-place";
import { CoachHeader } from "../../features/bookings/components/coach-header";
import { useAthletes } from "../../features/families/api/families";
import { AthletePicker } from "../../features/families/components/athlete-picker";
import { FullGroupSlots } from "../../features/waitlist/components/full-group-slots";
import { useCredits } from "../../features/packages/api/packages";
import { loadLastSearch, toSearchQuery } from "../../features/search/last-search";
import { ApiError, isUnauthorized } from "../../lib/api-client";
import { UNAUTHORIZED_REDIRECT_DELAY_MS } from "../../lib/handle-unauthorized";
import { formatLongDate, formatSessionRange, formatSessionTime, nowIn } from "../../lib/when";
import { useNow } from "../../lib/use-now";
import { slotOffer } from "../../features/search/components/coach-bits";

// Only for a slot of a weekly series, once chosen: not part of the page's first screen.
const WeeklySeriesSection = lazy(async () => ({
  default: (await import("../../features/bookings/components/weekly-series-section")).WeeklySeriesSection,
}));
const DEFAULT_SERIES_WEEKS = 8;
// The coach's packages and the family's credits load after the page's first screen, as on the profile.
const PackageOffers = lazy(async () => ({ default: (await import("../../features/packages/components/package-offers")).PackageOffers }));
const MyCredits = lazy(async () => ({ default: (await import("../../features/packages/components/my-credits")).MyCredits }));
// Only a family with several athletes on a group session sees it: not part of the page's first screen.
const AthletesComing = lazy(async () => ({
  default: (await import("../../features/families/components/athletes-coming")).AthletesComing,
}));

/**
 * player-side 8: booking while signed out sends the browser to sign in; DESIGN 11 brings the visitor
 * back to this coach and the chosen slot afterwards (`returnPath`).
 */
function askToLogIn(navigate: (to: string) => void, returnPath: string) {
  toast({ title: "Please Log In", description: "You need to be logged in to book a session.", variant: "destructive" });
  window.setTimeout(() => navigate(signInHref(returnPath)), UNAUTHORIZED_REDIRECT_DELAY_MS);
}

/**
 * player-side 8: "Booking Failed" / "Failed to create booking. Please try again.", with the server's
 * reason (a taken seat, a time that has begun...) as its detail when it gives one.
 */
export function bookingFailureText(error: unknown): string {
  const spec = "Failed to create booking. Please try again.";
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message) return `${spec} ${error.message}`;
  return spec;
}

export function BookCoachPage() {
  const params = useParams<{ id: string }>();
  const coachId = /^\d{1,9}$/.test(params.id ?? "") ? Number(params.id) : null;
  const coach = useBookableCoach(coachId);
  const slots = useBookableSlots(coachId);

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
  const createBooking = useCreateBooking();
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
  const [athleteIds, setAthleteIds] = useState<number[]>([]);
  const athleteId = athleteIds[0] ?? null;
  const setAthleteId = useCallback((id: number) => setAthleteIds([id]), []);
  const [isBookingSeveral, setIsBookingSeveral] = useState(false);
  // Undoing the seats already held when a sibling's booking fails: the page says what failed.
  const cancelOwnBooking = useCancelOwnBooking({ unauthorizedIsAnswer: true });
  // DESIGN.md 11: "every week for N weeks" from a slot of a weekly series (for one athlete).
  const [weekly, setWeekly] = useState<WeeklyChoice>({ on: false, weeks: DEFAULT_SERIES_WEEKS });
  const bookSeries = useBookSeries();

  const slot = available.find((s) => s.id === slotId) ?? null;
  const rates = slot ? ratesForSlot(coach.rates, slot.isGroup) : [];
  const rate = rates.find((r) => r.id === rateId) ?? null;
  const duration = rate?.duration ?? DEFAULT_BOOKING_DURATION;
  const startOptions = slot ? upcomingStartTimeOptions(slot, duration, coachNow) : [];
  const clock = { date: slot?.date ?? "", timeZone: coach.timeZone };
  // A start time chosen earlier that has begun since is no longer offered, nor booked.
  const chosenStart = startTime && startOptions.includes(startTime) ? startTime : null;
  const rateCents = rate ? (decimalToCents(rate.rate) ?? 0) : 0;
  const isPlayer = user?.userType === "player";
  const athletes = useAthletes(isPlayer);
  const family = athletes.data ?? [];
  const seatsLeft = useSeatsLeft(slot?.id ?? null, isPlayer && !!slot?.isGroup && family.length > 1);
  // Siblings can come together when the session has a seat for more than one of them.
  const canBringSeveral = !!slot?.isGroup && family.length > 1 && (seatsLeft.data ?? slot.capacity) > 1;
  const chosen = canBringSeveral ? athleteIds : athleteIds.slice(0, 1);
  const seatCount = Math.max(1, chosen.length);
  // DESIGN.md 11: a credit of this coach, kind and duration books without a card.
  const credits = useCredits(coach.id, user?.userType === "player");
  const usableCredit =
    rate &&
    seatCount === 1 &&
    credits.data?.find(
      (c) => c.state === "active" && c.remaining > 0 && c.sessionType === rate.sessionType && c.duration === rate.duration,
    );
  const creditsLeft = rate
    ? (credits.data ?? [])
        .filter((c) => c.state === "active" && c.sessionType === rate.sessionType && c.duration === rate.duration)
        .reduce((sum, c) => sum + c.remaining, 0)
    : 0;

  const isWeekly = weekly.on && !!slot?.seriesId;
  const preview = useSeriesPreview(isWeekly && slot && user?.userType === "player" ? { timeSlotId: slot.id, duration, athleteId } : null);
  const seriesWeeks = preview.data ? preview.data.weeks.slice(0, Math.min(weekly.weeks, preview.data.weeks.length)) : [];
  const openWeeks = seriesWeeks.filter((w) => w.state === "open").length;

  const lastSearch = loadLastSearch();
  const back = backHref({
    lastSearch: lastSearch ? `${paths.findCoaches}?${toSearchQuery(lastSearch)}` : null,
    referrer: document.referrer,
    origin: window.location.origin,
    currentPath: window.location.pathname,
    fallback: paths.findCoaches,
  });

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

  function bookAndPay(payWith: "card" | "credit" = "card") {
    if (!user) return askToLogIn(navigate, returnPath);
    if (!slot)
      return toast({ title: "Missing Information", description: "Please select a time slot and session type.", variant: "destructive" });
    if (!rate) return toast({ title: "Error", description: BookingMessages.SELECT_DURATION, variant: "destructive" });
    if (!chosenStart)
      return toast({ title: "Missing Information", description: "Please select a time slot and session type.", variant: "destructive" });
    if (canBringSeveral && chosen.length === 0)
      return toast({ title: "Missing Information", description: "Please choose who is coming.", variant: "destructive" });
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
    if (payWith === "card" && chosen.length > 1) return void bookSiblings(request, chosen);
    createBooking.mutate(
      {
        ...request,
        ...(athleteId !== null ? { athleteId } : {}),
        payWith,
      },
      {
        onSuccess: (booking) => {
          if (payWith === "credit") {
            toast({ title: "Booking Confirmed", description: "Paid with one of your credits.", variant: "success" });
            void credits.refetch();
            navigate(paths.myBookings);
            return;
          }
          toast({ title: "Booking Created", description: "Proceeding to checkout...", variant: "success" });
          navigate(paths.bookingCheckout(booking.id));
        },
        onError: (error) => {
          if (isUnauthorized(error)) return askToLogIn(navigate, returnPath);
          toast({ title: "Booking Failed", description: bookingFailureText(error), variant: "destructive" });
        },
      },
    );
  }

  /** The weeks of the series in one checkout (card), or one credit a week; the full weeks are skipped. */
  function bookWeekly(payWith: "card" | "credit") {
    if (!user) return askToLogIn(navigate, returnPath);
    if (!slot) return;
    if (!rate) return toast({ title: "Error", description: BookingMessages.SELECT_DURATION, variant: "destructive" });
    if (openWeeks === 0) return toast({ title: "No open weeks", description: "None of these weeks is open.", variant: "destructive" });
    bookSeries.mutate(
      {
        timeSlotId: slot.id,
        weeks: seriesWeeks.length,
        payWith,
        duration: rate.duration,
        notes: notes.trim() || null,
        ...(athleteId !== null ? { athleteId } : {}),
      },
      {
        onSuccess: (series) => {
          const skipped = series.skipped.length > 0 ? ` Skipped: ${series.skipped.map((d) => formatLongDate(d) ?? d).join(", ")}.` : "";
          if (payWith === "credit") {
            toast({
              title: "Weekly Sessions Booked",
              description: `${series.bookings.length} weeks paid with your credits.${skipped}`,
              variant: "success",
            });
            navigate(paths.myBookings);
            return;
          }
          toast({
            title: "Weeks Held",
            description: `Proceeding to one checkout for ${series.bookings.length} weeks.${skipped}`,
            variant: "success",
          });
          navigate(checkoutOfBookings(series.bookingIds ?? series.bookings.map((b) => b.id)));
        },
        onError: (error) => {
          if (isUnauthorized(error)) return askToLogIn(navigate, returnPath);
          toast({ title: "Booking Failed", description: bookingFailureText(error), variant: "destructive" });
        },
      },
    );
  }

  /**
   * One seat per athlete (POST /api/bookings each), then one checkout for all of them. All or
   * nothing: when one athlete cannot have a seat, the seats already held are let go, so the family
   * is never left paying for some of the children it meant to bring.
   */
  async function bookSiblings(request: Omit<BookingRequest, "athleteId" | "payWith">, ids: readonly number[]) {
    setIsBookingSeveral(true);
    const made: Booking[] = [];
    try {
      for (const id of ids) {
        try {
          made.push(await createBooking.mutateAsync({ ...request, athleteId: id, payWith: "card" }));
        } catch (error) {
          await Promise.allSettled(made.map((b) => cancelOwnBooking.mutateAsync(b.id)));
          if (isUnauthorized(error)) return askToLogIn(navigate, returnPath);
          const who = family.find((a) => a.id === id);
          const name = who ? bookingAthleteName({ athlete: who }, "") : "";
          toast({
            title: "Booking Failed",
            description:
              made.length > 0 && name
                ? `${bookingFailureText(error)} No seat for ${name}, so nothing was booked.`
                : bookingFailureText(error),
            variant: "destructive",
          });
          return;
        }
      }
      toast({ title: "Booking Created", description: "Proceeding to checkout...", variant: "success" });
      navigate(checkoutOfBookings(made.map((b) => b.id)));
    } finally {
      setIsBookingSeveral(false);
    }
  }

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <Button asChild variant="link" className="self-start">
        <Link href={back}>
          <ArrowLeft aria-hidden /> Back to Search
        </Link>
      </Button>
      <CoachHeader coach={coach} />
      <Suspense fallback={null}>
        <PackageOffers
          coachId={coach.id}
          onBuy={(p) => (user ? navigate(paths.packageCheckout(p.id)) : askToLogIn(navigate, returnPath))}
        />
        {user?.userType === "player" ? <MyCredits coachId={coach.id} title="My credits with this coach" /> : null}
      </Suspense>

      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="flex flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <CalendarDays aria-hidden className="size-5" /> Available Times
              </CardTitle>
            </CardHeader>
            <CardContent>
              {slotsFailed ? (
                <p className="text-red-700">Failed to load time slots. Please try again later.</p>
              ) : available.length === 0 ? (
                <p className="text-slate-600">No available time slots at the moment.</p>
              ) : (
                <SlotChoices slots={available} selectedId={slotId} onChoose={chooseSlot} timeZone={coach.timeZone} rates={coach.rates} />
              )}
            </CardContent>
          </Card>
          <FullGroupSlots slots={slots} today={coachNow.date} signedIn={!!user} athleteId={athleteId} />

          {slot ? (
            <Card>
              <CardHeader>
                <CardTitle>Session Options</CardTitle>
              </CardHeader>
              <CardContent className="flex flex-col gap-6">
                <section aria-labelledby="rate-heading" className="flex flex-col gap-2">
                  <h3 id="rate-heading" className="font-semibold text-slate-800">
                    Session Type &amp; Duration
                  </h3>
                  {rates.length === 0 ? (
                    <p className="text-amber-800">{noRatesMessage(slot.isGroup)}</p>
                  ) : (
                    <>
                      <p className="text-xs text-slate-500">Prices {FEE_INCLUDED_NOTE}.</p>
                      <div className="grid gap-2 sm:grid-cols-2">
                        {rates.map((r) => (
                          <button
                            key={r.id}
                            type="button"
                            aria-pressed={r.id === rateId}
                            onClick={() => chooseRate(r)}
                            className={`flex items-center justify-between rounded-lg border-2 px-4 py-3 text-left transition-colors focus-visible:ring-2 focus-visible:ring-accent-400 focus-visible:outline-none ${
                              r.id === rateId ? "border-field-700 bg-field-50" : "border-slate-200 hover:border-field-400"
                            }`}
                          >
                            <span className="font-medium">
                              {r.duration} min {sessionTypeLabel(r.sessionType)} Session
                            </span>
                            <span className="font-bold text-field-800">{familyPrice(r.rate)}</span>
                          </button>
                        ))}
                      </div>
                    </>
                  )}
                </section>
                {slot.seriesId && rates.length > 0 ? (
                  <Suspense fallback={null}>
                    <WeeklySeriesSection
                      choice={weekly}
                      onChange={setWeekly}
                      preview={user?.userType === "player" ? preview : null}
                      signedIn={!!user}
                      onSignIn={() => askToLogIn(navigate, returnPath)}
                    />
                  </Suspense>
                ) : null}
                {rates.length > 0 && isWeekly ? (
                  <p className="text-sm text-slate-700">
                    Each week starts at {formatSessionTime(slot.startTime, clock) ?? slot.startTime}, the start of the weekly slot.
                  </p>
                ) : rates.length > 0 ? (
                  <section aria-labelledby="start-heading" className="flex flex-col gap-2">
                    <h3 id="start-heading" className="font-semibold text-slate-800">
                      Start Time
                    </h3>
                    {startOptions.length === 0 ? (
                      <p className="text-slate-600">No {duration}-minute session can start in this time slot any more.</p>
                    ) : (
                      <div className="flex flex-wrap gap-2">
                        {startOptions.map((t) => (
                          <Button
                            key={t}
                            type="button"
                            size="sm"
                            variant={t === chosenStart ? "primary" : "outline"}
                            aria-pressed={t === chosenStart}
                            onClick={() => setStartTime(t)}
                          >
                            {formatSessionTime(t, clock)}
                          </Button>
                        ))}
                      </div>
                    )}
                  </section>
                ) : null}
              </CardContent>
            </Card>
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
                      <AthletesComing
                        coachId={coach.id}
                        seats={seatsLeft.data ?? slot.capacity}
                        value={athleteIds}
                        onChange={setAthleteIds}
                      />
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

        <Card className="self-start lg:sticky lg:top-24">
          <CardHeader>
            <CardTitle>Summary</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <dl className="flex flex-col gap-2 text-sm">
              <SummaryRow
                label="Date"
                value={slot ? `${isWeekly ? "Weekly from " : ""}${formatLongDate(slot.date) ?? slot.date}` : "Not selected"}
              />
              <SummaryRow
                label="Time"
                value={
                  slot && isWeekly
                    ? (formatSessionRange(slot.startTime, endOf(slot.startTime, duration), clock) ?? slot.startTime)
                    : slot && chosenStart
                      ? (formatSessionRange(chosenStart, endOf(chosenStart, duration), clock) ?? chosenStart)
                      : slot
                        ? "Choose a start time"
                        : "Not selected"
                }
              />
              <SummaryRow label="Session" value={rate ? `${rate.duration} min ${sessionTypeLabel(rate.sessionType)}` : "Not selected"} />
              {isWeekly && preview.data ? <SummaryRow label="Weeks" value={`${openWeeks} open of ${seriesWeeks.length}`} /> : null}
              {family.length > 1 && chosen.length > 0 ? (
                <SummaryRow
                  label={chosen.length > 1 ? "Athletes" : "Athlete"}
                  value={chosen.map((id) => bookingAthleteName({ athlete: family.find((a) => a.id === id) ?? null }, "")).join(", ")}
                />
              ) : null}
            </dl>
            {slot ? <SessionPlaceDetails place={slot} className="border-t border-slate-200 pt-4" /> : null}
            {rate ? (
              <dl className="flex flex-col gap-2 border-t border-slate-200 pt-4 text-sm" aria-label="Price">
                {/* Each seat is its own booking with its own fee: the sums are the checkout's, cent for cent. */}
                <SummaryRow
                  label={isWeekly ? "Session cost (each week)" : seatCount > 1 ? `Session cost (${seatCount} athletes)` : "Session cost"}
                  value={`$${centsToDecimal(rateCents * (isWeekly ? 1 : seatCount))}`}
                />
                <SummaryRow
                  label="Platform fee (15%)"
                  value={`$${centsToDecimal(platformFeeCents(rateCents) * (isWeekly ? 1 : seatCount))}`}
                />
                <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-bold text-field-950">
                  <dt>{isWeekly ? `Total for ${openWeeks} weeks` : "Total"}</dt>
                  <dd data-testid="booking-total">${centsToDecimal(totalCents(rateCents) * (isWeekly ? openWeeks : seatCount))}</dd>
                </div>
              </dl>
            ) : null}
            {isWeekly ? (
              <>
                <Button
                  size="lg"
                  className="w-full"
                  onClick={() => bookWeekly("card")}
                  isLoading={bookSeries.isPending}
                  disabled={!!user && !!preview.data && openWeeks === 0}
                >
                  {user && preview.data ? `Book ${openWeeks} weeks & Pay` : "Book weekly & Pay"}
                </Button>
                {user && preview.data && openWeeks > 0 && creditsLeft >= openWeeks ? (
                  <Button
                    size="lg"
                    variant="outline"
                    className="w-full"
                    onClick={() => bookWeekly("credit")}
                    isLoading={bookSeries.isPending}
                  >
                    Use {openWeeks} credits ({creditsLeft} left)
                  </Button>
                ) : null}
              </>
            ) : (
              <>
                <Button size="lg" className="w-full" onClick={() => bookAndPay()} isLoading={createBooking.isPending || isBookingSeveral}>
                  Book &amp; Pay
                </Button>
                {usableCredit ? (
                  <Button
                    size="lg"
                    variant="outline"
                    className="w-full"
                    onClick={() => bookAndPay("credit")}
                    isLoading={createBooking.isPending}
                  >
                    Use a credit ({usableCredit.remaining} left)
                  </Button>
                ) : null}
              </>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

/** A session may end exactly at midnight, which leaves the day: it is shown as 12:00 AM. */
function endOf(start: string, durationMinutes: number): string {
  return addMinutesToTime(start, durationMinutes) ?? "00:00";
}

function SummaryRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium text-slate-900">{value}</dd>
    </div>
  );
}

function SlotChoices({
  slots,
  selectedId,
  onChoose,
  timeZone,
  rates,
}: {
  slots: TimeSlot[];
  selectedId: number | null;
  onChoose: (slot: TimeSlot) => void;
  timeZone: string;
  rates: RateResponse[];
}) {
  return (
    <div className="flex flex-col gap-5">
      {groupByDate(slots).map((group) => (
        <section key={group.date} aria-label={formatLongDate(group.date) ?? group.date} className="flex flex-col gap-2">
          <h3 className="font-semibold text-field-900">{formatLongDate(group.date) ?? group.date}</h3>
          <div className="grid gap-2 sm:grid-cols-2">
            {group.slots.map((s) => (
              <button
                key={s.id}
                type="button"
                aria-pressed={s.id === selectedId}
                onClick={() => onChoose(s)}
                className={`flex flex-col gap-1 rounded-lg border-2 px-4 py-3 text-left transition-colors focus-visible:ring-2 focus-visible:ring-accent-400 focus-visible:outline-none ${
                  s.id === selectedId ? "border-field-700 bg-field-50" : "border-slate-200 hover:border-field-400"
                }`}
              >
                <span className="flex items-center gap-2 font-medium">
                  <Clock aria-hidden className="size-4" />
                  {formatSessionRange(s.startTime, s.endTime, { date: s.date, timeZone }) ?? `${s.startTime} - ${s.endTime}`}
                </span>
                <span className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
                  {s.isGroup ? (
                    <Badge variant="secondary">
                      <Users aria-hidden className="size-3" /> Group ({s.capacity} spots)
                    </Badge>
                  ) : (
                    <Badge variant="outline">Individual</Badge>
                  )}
                  {s.locationName || s.locationAddress ? (
                    <span>{[s.locationName, s.locationAddress].filter(Boolean).join(", ")}</span>
                  ) : null}
                </span>
                {slotOffer(s, rates) ? (
                  <span className="text-sm font-semibold text-field-800" data-testid="slot-offer">
                    {slotOffer(s, rates)}
                  </span>
                ) : null}
              </button>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
