import { MapPin, Pencil, Trash2, Users } from "lucide-react";
import type { TimeSlot } from "@contract/slots";
import { canDeleteSlot } from "@contract/slot-basics";
import { Button } from "@client/components/ui/button";
import { useState } from "react";
import {
  ConfirmDialog,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@client/components/ui/dialog";
import { toast } from "@client/components/ui/toast";
import { ApiError, isUnauthorized } from "@client/lib/api-client";
import { useDeleteTimeSlot } from "../api/delete-time-slot";
import { SeriesBadge, slotState, StateBadge } from "@client/lib/states";
import { formatSessionRange } from "@client/lib/when";

/** Only available slots nobody holds a seat in can change (the server refuses the others). */
export const isSlotEditable = (slot: TimeSlot) => slot.status === "available" && slot.isAvailable && (slot.bookingCount ?? 0) === 0;

/** Delete is offered exactly when DELETE /api/time-slots/{id} succeeds: canDeleteSlot, as the server applies it. */
export const isSlotDeletable = (slot: TimeSlot) =>
  slot.bookingStates ? canDeleteSlot(slot, slot.bookingStates) : slot.canDelete !== false;

/** Available, Held (with its expiry), Booked or Cancelled: the one label and colour of src/client/lib/states.tsx. */
export function SlotStatusBadge({ slot }: { slot: TimeSlot }) {
  return <StateBadge state={slotState(slot)} />;
}

export function slotKindLabel(slot: TimeSlot): string {
  return slot.isGroup ? `Group (${slot.bookingCount ?? 0}/${slot.capacity} booked)` : "Individual";
}

/** One slot with its status, place and the edit / delete controls. */
export function SlotCard({
  slot,
  onEdit,
  seriesLabel,
}: {
  slot: TimeSlot;
  onEdit: (slot: TimeSlot) => void;
  seriesLabel?: string | undefined;
}) {
  const editable = isSlotEditable(slot);
  const range = formatSessionRange(slot.startTime, slot.endTime, slot) ?? `${slot.startTime} - ${slot.endTime}`;
  return (
    <div
      data-testid="slot-card"
      data-slot-id={slot.id}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-field-950">{range}</span>
          <SlotStatusBadge slot={slot} />
          <SeriesBadge label={seriesLabel} />
        </div>
        <span className="inline-flex items-center gap-1.5 text-sm text-slate-700">
          <Users aria-hidden className="size-4" />
          {slotKindLabel(slot)}
        </span>
        {slot.locationName || slot.locationAddress ? (
          <span className="inline-flex items-center gap-1.5 text-sm text-slate-600">
            <MapPin aria-hidden className="size-4 shrink-0" />
            <span className="truncate">{[slot.locationName, slot.locationAddress].filter(Boolean).join(" - ")}</span>
          </span>
        ) : null}
      </div>
      <div className="flex shrink-0 gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={!editable}
          onClick={() => onEdit(slot)}
          aria-label={`Edit time slot ${slot.date} ${range}`}
          title={editable ? undefined : "Slots with bookings cannot be edited"}
        >
          <Pencil aria-hidden />
          Edit
        </Button>
        {/* The server's own delete rule (contract), on the bookings the coach's list carries. */}
        {isSlotDeletable(slot) ? (
          slot.seriesId && slot.status !== "cancelled" ? (
            <DeleteSeriesSlotButton slot={slot} label={`${slot.date} ${range}`} />
          ) : (
            <DeleteSlotButton slot={slot} label={`${slot.date} ${range}`} />
          )
        ) : null}
      </div>
    </div>
  );
}

function DeleteSlotButton({ slot, label }: { slot: TimeSlot; label: string }) {
  const remove = useDeleteTimeSlot();
  const isCancelled = slot.status === "cancelled";
  async function confirmDelete() {
    try {
      await remove.mutateAsync({ id: slot.id });
      toast({
        title: "Deleted",
        description: isCancelled ? "The cancelled session was removed from your list." : "The time slot was deleted.",
        variant: "success",
      });
    } catch (error) {
      notifyDeleteFailure(error);
    }
  }
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" aria-label={`Delete time slot ${label}`}>
          <Trash2 aria-hidden />
          Delete
        </Button>
      }
      title={isCancelled ? "Remove cancelled session?" : "Delete time slot?"}
      description={
        isCancelled
          ? `The cancelled session on ${label} will be removed from your list. Its refunds are kept.`
          : `The time slot on ${label} will be removed. Players can no longer book it.`
      }
      confirmLabel="Delete"
      onConfirm={confirmDelete}
    />
  );
}

function notifyDeleteFailure(error: unknown) {
  if (isUnauthorized(error)) return;
  if (error instanceof ApiError && error.message && error.status < 500) {
    toast({ title: "Cannot Delete Time Slot", description: error.message, variant: "destructive" });
  } else {
    toast({ title: "Error", description: "Failed to delete time slot. It may have existing bookings.", variant: "destructive" });
  }
}

/**
 * A week of a weekly series (DESIGN.md 11): delete this week only, or "this and the following" open
 * weeks in one step; weeks someone booked stay.
 */
function DeleteSeriesSlotButton({ slot, label }: { slot: TimeSlot; label: string }) {
  const remove = useDeleteTimeSlot();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<"this" | "following" | null>(null);
  async function confirmDelete(scope: "this" | "following") {
    setBusy(scope);
    try {
      const result = await remove.mutateAsync({ id: slot.id, scope });
      const count = result.removedSlotIds?.length ?? 1;
      toast({
        title: "Deleted",
        description: count > 1 ? `${count} weekly time slots were deleted.` : "The time slot was deleted.",
        variant: "success",
      });
      setOpen(false);
    } catch (error) {
      notifyDeleteFailure(error);
    } finally {
      setBusy(null);
    }
  }
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" aria-label={`Delete time slot ${label}`}>
          <Trash2 aria-hidden />
          Delete
        </Button>
      </DialogTrigger>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Delete weekly time slot?</DialogTitle>
          <DialogDescription>
            The slot on {label} is one week of a weekly series. Delete only this week, or this week and every following open week. Weeks a
            player has booked are kept.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter className="flex-wrap gap-2">
          <DialogClose asChild>
            <Button variant="outline" disabled={busy !== null}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="destructive" isLoading={busy === "this"} disabled={busy !== null} onClick={() => void confirmDelete("this")}>
            Delete this week
          </Button>
          <Button
            variant="destructive"
            isLoading={busy === "following"}
            disabled={busy !== null}
            onClick={() => void confirmDelete("following")}
          >
            This and following weeks
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
