import type { ReactNode } from "react";
import { athleteFacts, sessionAthleteName } from "@contract/family-basics";
import { fullName } from "@contract/names";
import { PAID_WITH_CREDIT } from "@contract/family-basics";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@client/components/ui/dialog";
import { bookingState } from "@client/lib/states";
import type { CoachBooking } from "../api/coach-bookings";
import { payoutLabel, sessionRange, shortDate } from "./booking-groups";

const titleCase = (value: string | null | undefined) => (value ? value.charAt(0).toUpperCase() + value.slice(1).replace(/-/g, " ") : null);

/** The student's contact and playing profile, the notes and the amounts (coach-side 3). */
export function BookingDetailsDialog({ booking: b, onClose }: { booking: CoachBooking | null; onClose: () => void }) {
  const s = b?.student;
  const parent = [s?.parentFirstName, s?.parentLastName].filter(Boolean).join(" ");
  const positions = [s?.position, s?.secondaryPosition].filter(Boolean).join(", ");
  return (
    <Dialog open={b !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        {b ? (
          <>
            <DialogHeader>
              <DialogTitle>Booking Details</DialogTitle>
              <DialogDescription>
                {shortDate(b.sessionDate)}, {sessionRange(b)}
                {b.timeSlot.locationName ? ` at ${b.timeSlot.locationName}` : ""}
              </DialogDescription>
            </DialogHeader>
            <div className="grid gap-6 sm:grid-cols-2">
              <DetailGroup title="Student">
                <Detail label="Athlete">{sessionAthleteName(b, "Student")}</Detail>
                <Detail label="Age and position">{athleteFacts(b.athlete) || null}</Detail>
                <Detail label="Guardians">
                  {b.guardians?.length
                    ? b.guardians.map((g) => [fullName(g), g.email, g.phoneNumber].filter(Boolean).join(", ")).join("; ")
                    : null}
                </Detail>
                {/* A minor's contact is the guardian's, never the child's own (DESIGN.md 12). */}
                <Detail label="Contact">{b.contact?.label || null}</Detail>
                <Detail label="Email">{b.contact?.email}</Detail>
                <Detail label="Phone">{b.contact?.phoneNumber}</Detail>
                {b.contact?.isGuardian ? null : <Detail label="Parent / guardian">{parent || null}</Detail>}
              </DetailGroup>
              <DetailGroup title="Player profile">
                <Detail label="Age group">{titleCase(s?.ageGroup)}</Detail>
                <Detail label="Skill level">{titleCase(s?.skillLevel)}</Detail>
                <Detail label="Positions">{positions || null}</Detail>
                <Detail label="Goals">{s?.goals.length ? s.goals.join(", ") : null}</Detail>
                <Detail label="Coaching style">{s?.preferredCoachingStyle}</Detail>
                <Detail label="Session preferences">{s?.sessionPreferences.length ? s.sessionPreferences.join(", ") : null}</Detail>
              </DetailGroup>
              <DetailGroup title="Session">
                <Detail label="Status">{bookingState(b, "coach").label}</Detail>
                <Detail label="Type">
                  {b.sessionType === "group" ? "Group" : "Individual"}, {b.duration} min
                </Detail>
                <Detail label="Location">{[b.timeSlot.locationName, b.timeSlot.locationAddress].filter(Boolean).join(", ") || null}</Detail>
                <Detail label="Notes">{b.notes}</Detail>
                {b.cancellationReason ? <Detail label="Cancellation reason">{b.cancellationReason}</Detail> : null}
              </DetailGroup>
              <DetailGroup title="Amounts">
                <Detail label="Session rate">${b.rate}</Detail>
                <Detail label="Tip">${b.tipAmount}</Detail>
                <Detail label="Student paid">{b.paidWith === "credit" ? PAID_WITH_CREDIT : `$${b.totalAmount}`}</Detail>
                <Detail label="Your earnings">${b.coachEarnings}</Detail>
                {payoutLabel(b) ? <Detail label="Payout">{payoutLabel(b)}</Detail> : null}
              </DetailGroup>
            </div>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function DetailGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-bold tracking-wide text-field-800 uppercase">{title}</h3>
      <dl className="flex flex-col gap-1.5 text-sm">{children}</dl>
    </div>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium text-slate-900">{children ?? "Not provided"}</dd>
    </div>
  );
}
