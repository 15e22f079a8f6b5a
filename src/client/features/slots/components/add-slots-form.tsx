import { Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useFieldArray } from "react-hook-form";
import { DEFAULT_SLOT_END, DEFAULT_SLOT_START, MIN_GROUP_CAPACITY } from "@contract/slot-basics";
import { addDaysToDate } from "@contract/time";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { Checkbox } from "@client/components/ui/checkbox";
import { Input } from "@client/components/ui/input";
import { Label } from "@client/components/ui/label";
import { toast } from "@client/components/ui/toast";
import { ApiError } from "@client/lib/api-client";
import { useSchemaForm } from "@client/lib/form-errors";
import { useCreateTimeSlots, type NewSlot } from "../api/create-time-slots";
import { CapacityInput } from "./capacity-input";
import { notifySlotFailure } from "./slot-feedback";
import type { SlotCoach } from "./slot-form-dialog";
import { slotRowsSchema, type SlotFormValues } from "./slot-form-schema";
import { nowIn } from "@client/lib/when";
import { TimeSelect } from "./time-select";

const newRow = (date: string, from?: SlotFormValues): SlotFormValues => ({
  date,
  startTime: from?.startTime ?? DEFAULT_SLOT_START,
  endTime: from?.endTime ?? DEFAULT_SLOT_END,
  isGroup: from?.isGroup ?? false,
  capacity: from?.capacity ?? String(MIN_GROUP_CAPACITY),
  locationName: from?.locationName ?? "",
  locationAddress: from?.locationAddress ?? "",
  locationNotes: from?.locationNotes ?? "",
});

/** coach-side 2: several slots at once, sent as one array that the server creates all or nothing. */
export function AddSlotsForm({ coach }: { coach: SlotCoach }) {
  const today = nowIn(coach.timeZone).date;
  const [initial] = useState(() => ({ rows: [newRow(today)] }));
  const form = useSchemaForm(
    slotRowsSchema(() => nowIn(coach.timeZone)),
    initial,
    { toastOnInvalid: false },
  );
  const rowList = useFieldArray({ control: form.control, name: "rows" });
  const rows = form.watch("rows");
  const { errors } = form.formState;
  const create = useCreateTimeSlots();

  /** A row shows its first problem (the rules', or the server's); any change drops it. */
  const rowError = (i: number) => {
    const row = errors.rows?.[i];
    return (["date", "startTime", "endTime", "capacity", "locationName", "locationAddress", "locationNotes"] as const)
      .map((field) => row?.[field]?.message)
      .find(Boolean);
  };
  const change = (i: number, patch: Partial<SlotFormValues>) => {
    for (const [key, value] of Object.entries(patch)) form.setValue(`rows.${i}.${key as keyof SlotFormValues}`, value as never);
    form.clearErrors();
  };

  const save = form.submit(async ({ rows: slots }) => {
    const payload: NewSlot[] = slots.map((slot) => ({ coachId: coach.id, ...slot }));
    try {
      const created = await create.mutateAsync(payload);
      toast({
        title: "Success",
        description: `${created.length} time ${created.length === 1 ? "slot" : "slots"} added.`,
        variant: "success",
      });
      const last = form.getValues("rows").at(-1)!;
      form.reset({ rows: [newRow(addDaysToDate(last.date, 1), last)] });
    } catch (err) {
      // The server names the failing row as "<index>.<field>".
      const [row, field] = err instanceof ApiError && err.field ? err.field.split(".") : [];
      if (err instanceof ApiError && Number.isInteger(Number(row))) {
        form.setError(`rows.${Number(row)}.${(field ?? "date") as keyof SlotFormValues}`, { message: err.message });
      }
      notifySlotFailure(err, "Failed to create time slot");
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>Add Time Slots</CardTitle>
        <CardDescription>
          Add one row per slot; they are saved together. Times are in your time zone ({coach.timeZone.replace(/_/g, " ")}).
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="flex flex-col gap-4" onSubmit={(e) => void save(e)} noValidate>
          <ol className="flex flex-col gap-3">
            {rowList.fields.map((field, i) => {
              const row = rows[i] ?? field;
              const id = `new-slot-${field.id}`;
              const problem = rowError(i);
              return (
                <li key={field.id} className="rounded-xl border border-slate-200 p-3" aria-label={`New slot ${i + 1}`}>
                  <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1.2fr_1fr_1fr_1.5fr_auto]">
                    <div className="flex flex-col gap-1.5">
                      <Label htmlFor={`${id}-date`}>Date</Label>
                      <Input
                        id={`${id}-date`}
                        type="date"
                        min={today}
                        value={row.date}
                        onChange={(e) => change(i, { date: e.target.value })}
                      />
                    </div>
                    <div className="flex flex-col gap-1.5">
                      <Label htmlFor={`${id}-start`}>Start time</Label>
                      <TimeSelect id={`${id}-start`} value={row.startTime} onChange={(e) => change(i, { startTime: e.target.value })} />
                    </div>
                    <div className="flex flex-col gap-1.5">
                      <Label htmlFor={`${id}-end`}>End time</Label>
                      <TimeSelect id={`${id}-end`} value={row.endTime} onChange={(e) => change(i, { endTime: e.target.value })} />
                    </div>
                    <div className="flex flex-col gap-1.5">
                      <Label htmlFor={`${id}-location`}>Location</Label>
                      <Input
                        id={`${id}-location`}
                        value={row.locationName}
                        placeholder="e.g. Memorial Field"
                        onChange={(e) => change(i, { locationName: e.target.value })}
                      />
                    </div>
                    <div className="flex items-end">
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        aria-label={`Remove new slot ${i + 1}`}
                        disabled={rows.length === 1}
                        onClick={() => rowList.remove(i)}
                      >
                        <Trash2 aria-hidden />
                      </Button>
                    </div>
                  </div>
                  <div className="mt-3 grid gap-3 sm:grid-cols-2">
                    <div className="flex flex-col gap-1.5">
                      <Label htmlFor={`${id}-address`}>Address</Label>
                      <Input
                        id={`${id}-address`}
                        value={row.locationAddress}
                        placeholder="Street, city, state"
                        autoComplete="street-address"
                        onChange={(e) => change(i, { locationAddress: e.target.value })}
                      />
                    </div>
                    <div className="flex flex-col gap-1.5">
                      <Label htmlFor={`${id}-notes`}>Location notes</Label>
                      <Input
                        id={`${id}-notes`}
                        value={row.locationNotes}
                        placeholder="e.g. Meet at the north gate"
                        onChange={(e) => change(i, { locationNotes: e.target.value })}
                      />
                    </div>
                  </div>
                  <div className="mt-3 flex flex-wrap items-center gap-4">
                    <div className="flex items-center gap-2">
                      <Checkbox id={`${id}-group`} checked={row.isGroup} onCheckedChange={(c) => change(i, { isGroup: c === true })} />
                      <Label htmlFor={`${id}-group`}>Group session</Label>
                    </div>
                    {row.isGroup ? (
                      <div className="flex items-center gap-2">
                        <Label htmlFor={`${id}-capacity`}>Capacity (2-10)</Label>
                        <CapacityInput
                          id={`${id}-capacity`}
                          className="w-20"
                          value={row.capacity}
                          onValueChange={(capacity) => change(i, { capacity })}
                        />
                      </div>
                    ) : null}
                  </div>
                  {problem ? (
                    <p role="alert" className="mt-2 text-sm font-medium text-red-700">
                      {problem}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ol>
          <div className="flex flex-col gap-2 sm:flex-row sm:justify-between">
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                const last = rows.at(-1);
                rowList.append(newRow(addDaysToDate(last?.date || today, 1), last));
              }}
            >
              <Plus aria-hidden /> Add another slot
            </Button>
            <Button type="submit" isLoading={create.isPending}>
              Save {rows.length === 1 ? "Time Slot" : `${rows.length} Time Slots`}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
