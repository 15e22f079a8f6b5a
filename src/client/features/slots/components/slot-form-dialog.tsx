import { useState } from "react";
import type { TimeSlot } from "@contract/slots";
import { DEFAULT_SLOT_END, DEFAULT_SLOT_START, MAX_REPEAT_WEEKS, MIN_GROUP_CAPACITY } from "@contract/slot-basics";
import { Button } from "@client/components/ui/button";
import { Checkbox } from "@client/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@client/components/ui/dialog";
import { FormField } from "@client/components/ui/form-field";
import { Input } from "@client/components/ui/input";
import { Label } from "@client/components/ui/label";
import { Textarea } from "@client/components/ui/textarea";
import { toast } from "@client/components/ui/toast";
import { useSchemaForm } from "@client/lib/form-errors";
import { useCreateTimeSlot, useCreateTimeSlotSeries } from "../api/create-time-slots";
import { useUpdateTimeSlot } from "../api/update-time-slot";
import { CapacityInput } from "./capacity-input";
import { notifySlotFailure } from "./slot-feedback";
import { nowIn } from "@client/lib/when";
import { slotFormSchema, type SlotFormValues } from "./slot-form-schema";
import { TimeSelect } from "./time-select";

export type SlotCoach = { id: number; timeZone: string };

function initialValues(slot: TimeSlot | undefined, defaultDate: string): SlotFormValues {
  if (slot) {
    return {
      date: slot.date,
      startTime: slot.startTime,
      endTime: slot.endTime,
      isGroup: slot.isGroup,
      capacity: String(slot.isGroup ? slot.capacity : MIN_GROUP_CAPACITY),
      locationName: slot.locationName ?? "",
      locationAddress: slot.locationAddress ?? "",
      locationNotes: slot.locationNotes ?? "",
    };
  }
  return {
    date: defaultDate,
    startTime: DEFAULT_SLOT_START,
    endTime: DEFAULT_SLOT_END,
    isGroup: false,
    capacity: String(MIN_GROUP_CAPACITY),
    locationName: "",
    locationAddress: "",
    locationNotes: "",
  };
}

type Props = {
  coach: SlotCoach;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The slot being edited; absent to add a new one. */
  slot?: TimeSlot;
  /** The date a new slot starts on (today in the coach's zone when absent). */
  defaultDate?: string;
};

/** The dashboard's add / edit time slot dialog; it is remounted for each slot, so its state starts fresh. */
export function SlotFormDialog(props: Props) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      {props.open ? <SlotFormContent key={props.slot?.id ?? "new"} {...props} /> : null}
    </Dialog>
  );
}

function SlotFormContent({ coach, onOpenChange, slot, defaultDate }: Props) {
  const today = nowIn(coach.timeZone).date;
  const [initial] = useState(() => initialValues(slot, defaultDate ?? today));
  const create = useCreateTimeSlot();
  const createSeries = useCreateTimeSlotSeries();
  const update = useUpdateTimeSlot();
  const [repeatWeeks, setRepeatWeeks] = useState("1");
  const isEditing = slot !== undefined;
  const busy = create.isPending || update.isPending || createSeries.isPending;
  const form = useSchemaForm(
    slotFormSchema(() => nowIn(coach.timeZone), slot),
    initial,
    { toastOnInvalid: false },
  );
  const values = form.watch();
  const { errors } = form.formState;

  /** Any change drops the shown error until the form is sent again. */
  const set = <K extends keyof SlotFormValues>(key: K, value: SlotFormValues[K]) => {
    form.setValue(key, value as never, { shouldDirty: true });
    form.clearErrors();
  };

  const save = form.submit(async (payload) => {
    try {
      if (isEditing) {
        await update.mutateAsync({ id: slot.id, changes: payload });
        toast({ title: "Time Slot Updated", description: "Your changes are saved.", variant: "success" });
      } else if (Number(repeatWeeks) > 1) {
        const series = await createSeries.mutateAsync({ coachId: coach.id, ...payload, repeatWeeks: Number(repeatWeeks) });
        const skipped = series.skipped.length > 0 ? ` Skipped (overlapping): ${series.skipped.join(", ")}.` : "";
        toast({ title: "Success", description: `${series.slots.length} weekly time slots added.${skipped}`, variant: "success" });
      } else {
        await create.mutateAsync({ coachId: coach.id, ...payload });
        toast({ title: "Success", description: "Time slot added.", variant: "success" });
      }
      onOpenChange(false);
    } catch (error) {
      form.showServerError(error);
      notifySlotFailure(error, isEditing ? "Failed to update time slot" : "Failed to create time slot");
    }
  });

  return (
    <DialogContent aria-describedby="slot-form-description">
      <DialogHeader>
        <DialogTitle>{isEditing ? "Edit Time Slot" : "Add Time Slot"}</DialogTitle>
        <DialogDescription id="slot-form-description">Times are in your time zone ({coach.timeZone.replace(/_/g, " ")}).</DialogDescription>
      </DialogHeader>
      <form className="flex flex-col gap-4" onSubmit={(e) => void save(e)} noValidate>
        <FormField label="Date" error={errors.date?.message}>
          <Input type="date" min={today} value={values.date} onChange={(e) => set("date", e.target.value)} required />
        </FormField>
        <div className="grid grid-cols-2 gap-3">
          <FormField label="Start time" error={errors.startTime?.message}>
            <TimeSelect value={values.startTime} onChange={(e) => set("startTime", e.target.value)} />
          </FormField>
          <FormField label="End time" error={errors.endTime?.message}>
            <TimeSelect value={values.endTime} onChange={(e) => set("endTime", e.target.value)} />
          </FormField>
        </div>
        <div className="flex items-center gap-3">
          <Checkbox id="slot-is-group" checked={values.isGroup} onCheckedChange={(checked) => set("isGroup", checked === true)} />
          <Label htmlFor="slot-is-group">Group session</Label>
        </div>
        {values.isGroup ? (
          <FormField label="Capacity (2-10 players)" error={errors.capacity?.message}>
            <CapacityInput value={values.capacity} onValueChange={(v) => set("capacity", v)} />
          </FormField>
        ) : null}
        {isEditing ? null : (
          <FormField
            label={`Repeat weekly for N weeks (1-${MAX_REPEAT_WEEKS})`}
            hint="1 makes a single slot; more makes the same time every week, starting on the date above."
          >
            <Input type="number" min={1} max={MAX_REPEAT_WEEKS} value={repeatWeeks} onChange={(e) => setRepeatWeeks(e.target.value)} />
          </FormField>
        )}
        <FormField label="Location name">
          <Input value={values.locationName} onChange={(e) => set("locationName", e.target.value)} placeholder="e.g. Memorial Field" />
        </FormField>
        <FormField label="Location address">
          <Input
            value={values.locationAddress}
            onChange={(e) => set("locationAddress", e.target.value)}
            placeholder="Street, city, state"
            autoComplete="street-address"
          />
        </FormField>
        <FormField label="Location notes">
          <Textarea rows={2} value={values.locationNotes} onChange={(e) => set("locationNotes", e.target.value)} />
        </FormField>
        <DialogFooter className="mt-2">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" isLoading={busy}>
            {isEditing ? "Save Changes" : "Add Time Slot"}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
