import { Link } from "wouter";
import { Button } from "@client/components/ui/button";
import { toast } from "@client/components/ui/toast";
import { paths } from "@client/config/paths";
import { toastFailure } from "@client/lib/toast-failure";
import { formatInstantTime } from "@client/lib/when";
import { useLeaveWaitlist, useMyWaitlist } from "../api/waitlist";

/** My Bookings: the player's waitlist places, a held seat to pay, and leaving the queue. */
export function MyWaitlist() {
  const waitlist = useMyWaitlist();
  const leave = useLeaveWaitlist();
  const entries = waitlist.data ?? [];
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby="waitlist-heading" className="flex flex-col gap-3">
      <h2 id="waitlist-heading" className="font-display text-xl font-bold text-field-900 uppercase">
        Waitlist
      </h2>
      <ul className="flex flex-col gap-2">
        {entries.map((entry) => (
          <li
            key={entry.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3"
          >
            <div className="flex flex-col">
              <span className="font-semibold text-field-950">Group session with {entry.coachName}</span>
              <span className="text-sm text-slate-600">
                {entry.date}, {entry.startTime} - {entry.endTime} ({entry.timeZone}){entry.locationName ? ` · ${entry.locationName}` : ""}
              </span>
              <span className="text-sm font-medium text-field-700">
                {entry.status === "offered"
                  ? `A seat is held for you until ${(entry.holdExpiresAt && formatInstantTime(entry.holdExpiresAt, entry.timeZone)) || "soon"}.`
                  : `You are #${entry.position} on the waitlist.`}
              </span>
            </div>
            {entry.status === "offered" && entry.bookingId ? (
              <Button asChild size="sm">
                <Link href={paths.bookingCheckout(entry.bookingId)}>Complete Payment</Link>
              </Button>
            ) : (
              <Button
                size="sm"
                variant="outline"
                isLoading={leave.isPending && leave.variables === entry.id}
                onClick={() =>
                  leave.mutate(entry.id, {
                    onSuccess: () => toast({ title: "You left the waitlist", variant: "success" }),
                    onError: (err) => {
                      toastFailure(err, "Error", { fallback: "Failed to leave the waitlist." });
                    },
                  })
                }
              >
                Leave waitlist
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
