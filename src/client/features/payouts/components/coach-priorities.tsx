import { AlertTriangle, CalendarClock, ChevronRight, MapPin } from "lucide-react";
import { Link } from "wouter";
import { athleteFacts, sessionAthleteName } from "@contract/families";
import { paymentAccountState } from "@contract/payouts";
import { Card } from "@client/components/ui/card";
import { useCoachBookings } from "../api/coach-bookings";
import { useCoachEarnings } from "../api/coach-earnings";
import { usePaymentAccountStatus } from "../api/payment-account";
import { sessionRange, shortDate } from "./booking-groups";

const STRIPE_CONNECT_PATH = "/coach/stripe-connect";

/**
 * Issue 29: unfinished payout setup leads the dashboard, with the money waiting for it. Shown
 * until the account is active; the amount is what paid sessions earned and has not been paid out.
 */
export function PayoutSetupBanner() {
  const account = usePaymentAccountStatus();
  const earnings = useCoachEarnings();
  if (account.isLoading) return null;
  const state = account.data && !account.isError ? paymentAccountState(account.data) : "not_started";
  if (state === "active") return null;
  const waiting = earnings.data && earnings.data.pendingPayouts !== "0.00" ? earnings.data.pendingPayouts : null;
  return (
    <Link
      href={STRIPE_CONNECT_PATH}
      data-testid="payout-setup-banner"
      className="group flex items-center gap-4 rounded-2xl border-2 border-amber-400 bg-amber-50 p-4 text-amber-950 hover:border-amber-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-500 sm:p-5"
    >
      <AlertTriangle aria-hidden className="size-6 shrink-0 text-amber-700" />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="font-semibold">
          {waiting ? `Finish payment setup: $${waiting} is waiting for you` : "Finish payment setup to get paid"}
        </span>
        <span className="text-sm">Connect your payment account so your earnings reach your bank after each session.</span>
      </span>
      <ChevronRight aria-hidden className="size-5 shrink-0 text-amber-700 group-hover:text-amber-900" />
    </Link>
  );
}

/** The coach's next paid session (issue 29: after the requests to answer, before the figures). */
export function NextSessionCard({ now = new Date() }: { now?: Date }) {
  const bookings = useCoachBookings();
  const next = (bookings.data ?? [])
    .filter((b) => b.status === "confirmed" && Date.parse(b.endsAt) > now.getTime())
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt))[0];
  if (bookings.isLoading) return null;
  // The athlete the seat is for, with their age and position (DESIGN.md 11).
  const student = next ? sessionAthleteName(next, "Student") : null;
  const facts = next ? athleteFacts(next.athlete) : "";
  const place = next ? [next.timeSlot.locationName, next.timeSlot.locationAddress].filter(Boolean).join(", ") : "";
  return (
    <section aria-labelledby="next-session-heading" className="flex flex-col gap-3">
      <h2 id="next-session-heading" className="font-display text-xl font-bold text-field-900 uppercase">
        Next Session
      </h2>
      {next ? (
        <Card className="flex flex-col gap-1 p-4 sm:p-5" data-testid="next-session">
          <p className="font-semibold text-field-950">
            {student} · {next.sessionType === "group" ? "Group" : "Individual"}, {next.duration} min
          </p>
          {facts ? <p className="text-sm text-slate-600">{facts}</p> : null}
          <p className="flex items-center gap-2 text-sm text-slate-700">
            <CalendarClock aria-hidden className="size-4 shrink-0 text-field-700" />
            {shortDate(next.sessionDate)}, {sessionRange(next)}
          </p>
          {place ? (
            <p className="flex items-center gap-2 text-sm text-slate-700">
              <MapPin aria-hidden className="size-4 shrink-0 text-field-700" />
              {place}
            </p>
          ) : null}
        </Card>
      ) : (
        <p className="text-slate-600">No upcoming paid sessions yet.</p>
      )}
    </section>
  );
}
