import { Hourglass } from "lucide-react";
import type { TimeSlot } from "@contract/slots";
import { WaitlistMessages } from "@contract/waitlist-basics";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, IconCardHeader } from "@client/components/ui/card";
import { toast } from "@client/components/ui/toast";
import { toastFailure } from "@client/lib/toast-failure";
import { useJoinWaitlist, useMyWaitlist } from "../api/waitlist";

const clock = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return `${((h! + 11) % 12) + 1}:${String(m).padStart(2, "0")} ${h! < 12 ? "AM" : "PM"}`;
};

/** The booking page's full group sessions, each with "Join waitlist" (or the player's place in it). */
export function FullGroupSlots({
  slots,
  today,
  signedIn,
  athleteId = null,
  mustChooseAthlete = false,
}: {
  slots: readonly TimeSlot[];
  today: string;
  signedIn: boolean;
  /** The athlete the place is for (the page's athlete picker); the family's only one when null. */
  athleteId?: number | null;
  /** A family of two or more that has not chosen the athlete yet (DESIGN.md 12): joining waits. */
  mustChooseAthlete?: boolean;
}) {
  const full = slots
    .filter((s) => s.isGroup && s.status === "booked" && s.date >= today)
    .sort((a, b) => `${a.date}${a.startTime}`.localeCompare(`${b.date}${b.startTime}`));
  const waitlist = useMyWaitlist(signedIn && full.length > 0);
  const join = useJoinWaitlist();
  if (full.length === 0) return null;

  function joinSlot(slotId: number) {
    join.mutate(
      { slotId, athleteId },
      {
        onSuccess: () => toast({ title: "Joined the waitlist", description: WaitlistMessages.JOINED, variant: "success" }),
        onError: (err) => {
          toastFailure(err, "Could not join the waitlist", { fallback: "Please try again." });
        },
      },
    );
  }

  return (
    <Card>
      <IconCardHeader icon={Hourglass}>Full Group Sessions</IconCardHeader>
      <CardContent className="flex flex-col gap-2">
        <p className="text-sm text-slate-600">
          Join the waitlist: when a seat opens up, the first player waiting gets it held for 30 minutes.
        </p>
        {mustChooseAthlete ? <p className="text-sm font-medium text-amber-800">Choose the athlete under Session Details to join.</p> : null}
        <ul className="flex flex-col gap-2" aria-label="Full group sessions">
          {full.map((slot) => {
            const place = waitlist.data?.find((e) => e.timeSlotId === slot.id);
            return (
              <li key={slot.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 px-3 py-2">
                <span className="text-sm font-medium text-field-900">
                  {slot.date} · {clock(slot.startTime)} - {clock(slot.endTime)} · Booked ({slot.capacity} of {slot.capacity})
                </span>
                {place ? (
                  <span className="text-sm font-semibold text-field-700">
                    {place.status === "offered" ? "A seat is held for you" : `On the waitlist (#${place.position})`}
                  </span>
                ) : (
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => joinSlot(slot.id)}
                    isLoading={join.isPending && join.variables?.slotId === slot.id}
                    disabled={!signedIn || mustChooseAthlete}
                  >
                    Join waitlist
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
