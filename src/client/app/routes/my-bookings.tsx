import { CheckCircle2, Search } from "lucide-react";
import { useEffect, useMemo, type ComponentType, type ReactNode } from "react";
import { Link, useSearch } from "wouter";
import type { Booking } from "@contract/bookings";
import { Button } from "../../components/ui/button";
import { FullPageSpinner } from "../../components/ui/spinner";
import { paths } from "../../config/paths";
import { useCurrentUser } from "../../lib/current-user";
import { useCoachBookings } from "../../features/payouts/api/coach-bookings";
import { useStudentBookings } from "../../features/bookings/api/get-student-bookings";
import { BookingCardBoundary, CoachBookingCard, StudentBookingCard } from "../../features/bookings/components/booking-card";
import { splitBookings } from "../../features/bookings/components/booking-lists";
import { isUnauthorized } from "../../lib/api-client";
import { handleUnauthorized } from "../../lib/handle-unauthorized";
import { useMyReviews } from "../../features/reviews/api/reviews";
import { MyWaitlist } from "../../features/waitlist/components/my-waitlist";
import { MyCredits } from "../../features/packages/components/my-credits";
import { CalendarFeedCard } from "../../features/calendar/components/calendar-feed-card";
import { CoachBookingExtras, StudentBookingExtras } from "../booking-extras";

export function MyBookingsPage() {
  const { user } = useCurrentUser();
  const isCoach = user?.userType === "coach";
  const student = useStudentBookings(!!user && !isCoach);
  const coach = useCoachBookings(!!user && isCoach);
  const list = isCoach ? coach : student;
  const query = new URLSearchParams(useSearch());
  const success = query.get("success") === "true";
  // The review e-mail links to /my-bookings?review=<booking id>: that booking's review form opens.
  const reviewParam = Number(query.get("review"));
  const reviews = useMyReviews(!!user && !isCoach);
  const reviewByBooking = useMemo(() => new Map((reviews.data ?? []).map((r) => [r.bookingId, r])), [reviews.data]);

  // coach-side 8: a 401 on this page sends the browser to /login (not /api/login).
  useEffect(() => {
    if (list.isError && isUnauthorized(list.error)) handleUnauthorized(list.error, paths.login);
  }, [list.isError, list.error]);

  const { upcoming, past } = useMemo(() => splitBookings(list.data ?? [], new Date()), [list.data]);
  const Card = isCoach ? CoachBookingCard : StudentBookingCard;
  const extras = (booking: Booking) =>
    isCoach ? (
      <CoachBookingExtras booking={booking} />
    ) : (
      <StudentBookingExtras
        booking={booking}
        review={reviewByBooking.get(booking.id)}
        openReview={reviews.isSuccess && reviewParam === booking.id}
      />
    );

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-bold text-field-950 uppercase sm:text-4xl">My Bookings</h1>
          <p className="text-slate-600">
            {isCoach ? "Sessions players have booked with you." : "Your upcoming and past training sessions."}
          </p>
        </div>
        <Button asChild variant="accent">
          <Link href={paths.findCoaches}>
            <Search aria-hidden /> Find a Coach
          </Link>
        </Button>
      </header>

      {success ? (
        <div
          role="status"
          className="flex items-center gap-3 rounded-xl border border-emerald-300 bg-emerald-50 px-4 py-3 text-emerald-900"
        >
          <CheckCircle2 aria-hidden className="size-5 shrink-0" />
          <p className="font-semibold">Payment Successful! Your session is booked.</p>
        </div>
      ) : null}

      {!user || list.isLoading ? (
        <FullPageSpinner label="Loading bookings..." />
      ) : list.isError ? (
        isUnauthorized(list.error) ? null : (
          <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-800">
            Failed to load bookings. Please try again later.
          </p>
        )
      ) : (
        <>
          {isCoach ? null : <MyWaitlist />}
          <MyCredits title={isCoach ? "Credits families bought" : "My Credits"} />
          <BookingSection title="Upcoming Sessions" empty="No upcoming sessions." bookings={upcoming} Card={Card} extras={extras} />
          <BookingSection title="Past Sessions" empty="No past sessions yet." bookings={past} Card={Card} extras={extras} />
          <CalendarFeedCard />
        </>
      )}
    </div>
  );
}

function BookingSection({
  title,
  empty,
  bookings,
  Card,
  extras,
}: {
  title: string;
  empty: string;
  bookings: Booking[];
  Card: ComponentType<{ booking: Booking }>;
  extras: (booking: Booking) => ReactNode;
}) {
  const headingId = `${title.toLowerCase().replace(/\s+/g, "-")}-heading`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="font-display text-xl font-bold text-field-900 uppercase">
        {title}
      </h2>
      {bookings.length === 0 ? (
        <p className="text-slate-600">{empty}</p>
      ) : (
        bookings.map((booking, index) => (
          <BookingCardBoundary key={booking?.id ?? `missing-${index}`} bookingId={booking?.id}>
            <Card booking={booking} />
            {booking ? extras(booking) : null}
          </BookingCardBoundary>
        ))
      )}
    </section>
  );
}
