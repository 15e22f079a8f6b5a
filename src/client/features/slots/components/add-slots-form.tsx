import { Plus, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { DEFAULT_SLOT_END, DEFAULT_SLOT_START, MIN_GROUP_CAPACITY, validateSlot } from "../../../../contract/slots";
import { addDaysToDate } from "../../../../contract/time";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Checkbox } from "../../../components/ui/checkbox";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { toast } from "../../../components/ui/toast";
import { ApiError } from "../../../lib/api-client";
import { useCreateTimeSlots, type NewSlot } from "../api/create-time-slots";
import { CapacityInput } from "./capacity-input";
import { notifySlotFailure } from "./slot-feedback";
import type { SlotCoach, SlotFormValues } from "./slot-form-dialog";
import { nowIn } from "../../../lib/when";
import { TimeSelect } from "./time-select";

type Row = SlotFormValues & { key: number };

let nextKey = 1;
const newRow = (date: string, from?: Row): Row => ({
  key: nextKey++,
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
  const [rows, setRows] = useState<Row[]>(() => [newRow(today)]);
  const [error, setError] = useState<{ row: number; message: string } | null>(null);
  const create = useCreateTimeSlots();

  const change = (key: number, patch: Partial<Row>) => {
    setRows((list) => list.map((r) => (r.key === key ? { ...r, ...patch } : r)));
    setError(null);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const now = nowIn(coach.timeZone);
    const payload: NewSlot[] = [];
    for (const [i, row] of rows.entries()) {
      const result = validateSlot(row, now);
      if (!result.ok) {
        setError({ row: i, message: result.message });
        return;
      }
      payload.push({
        coachId: coach.id,
        ...result.slot,
        locationName: row.locationName,
        locationAddress: row.locationAddress,
        locationNotes: row.locationNotes,
      });
    }
    try {
      const created = await create.mutateAsync(payload);
      toast({
        title: "Success",
        description: `${created.length} time ${created.length === 1 ? "slot" : "slots"} added.`,
        variant: "success",
      });
      const last = rows[rows.length - 1]!;
      setRows([newRow(addDaysToDate(last.date, 1), last)]);
    } catch (err) {
      // The server names the failing row as "<index>.<field>".
      const row = err instanceof ApiError && err.field ? Number(err.field.split(".")[0]) : NaN;
      if (err instanceof ApiError && Number.isInteger(row)) setError({ row, message: err.message });
      notifySlotFailure(err, "Failed to create time slot");
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Add Time Slots</CardTitle>
        <CardDescription>
          Add one row per slot; they are saved together. Times are in your time zone ({coach.timeZone.replace(/_/g, " ")}).
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate>
          <ol className="flex flex-col gap-3">
            {rows.map((row, i) => {
              const id = `new-slot-${row.key}`;
              const rowError = error?.row === i ? error.message : undefined;
              return (
                <li key={row.key} className="rounded-xl border border-slate-200 p-3" aria-label={`New slot ${i + 1}`}>
                  <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1.2fr_1fr_1fr_1.5fr_auto]">
                    <div className="flex flex-col gap-1.5">
                      <Label htmlFor={`${id}-date`}>Date</Label>
                      <Input
                        id={`${id}-date`}
                        type="date"
                        min={today}
                        value={row.date}
                        onChange={(e) => change(row.key, { date: e.target.value })}
                      />
                    </div>
                    <div className="flex flex-col gap-1.5">
                      <Label htmlFor={`${id}-start`}>Start time</Label>
                      <TimeSelect
                        id={`${id}-start`}
                        value={row.startTime}
                        onChange={(e) => change(row.key, { startTime: e.target.value })}
                      />
                    </div>
                    <div className="flex flex-col gap-1.5">
                      <Label htmlFor={`${id}-end`}>End time</Label>
                      <TimeSelect id={`${id}-end`} value={row.endTime} onChange={(e) => change(row.key, { endTime: e.target.value })} />
                    </div>
                    <div className="flex flex-col gap-1.5">
                      <Label htmlFor={`${id}-location`}>Location</Label>
                      <Input
                        id={`${id}-location`}
                        value={row.locationName}
                        placeholder="e.g. Memorial Field"
                        onChange={(e) => change(row.key, { locationName: e.target.value })}
                      />
                    </div>
                    <div className="flex items-end">
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        aria-label={`Remove new slot ${i + 1}`}
                        disabled={rows.length === 1}
                        onClick={() => setRows((list) => list.filter((r) => r.key !== row.key))}
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
                        onChange={(e) => change(row.key, { locationAddress: e.target.value })}
                      />
                    </div>
                    <div className="flex flex-col gap-1.5">
                      <Label htmlFor={`${id}-notes`}>Location notes</Label>
                      <Input
                        id={`${id}-notes`}
                        value={row.locationNotes}
                        placeholder="e.g. Meet at the north gate"
                        onChange={(e) => change(row.key, { locationNotes: e.target.value })}
                      />
                    </div>
                  </div>
                  <div className="mt-3 flex flex-wrap items-center gap-4">
                    <div className="flex items-center gap-2">
                      <Checkbox
                        id={`${id}-group`}
                        checked={row.isGroup}
                        onCheckedChange={(c) => change(row.key, { isGroup: c === true })}
                      />
                      <Label htmlFor={`${id}-group`}>Group session</Label>
                    </div>
                    {row.isGroup ? (
                      <div className="flex items-center gap-2">
                        <Label htmlFor={`${id}-capacity`}>Capacity (2-10)</Label>
                        <CapacityInput
                          id={`${id}-capacity`}
                          className="w-20"
                          value={row.capacity}
                          onValueChange={(capacity) => change(row.key, { capacity })}
                        />
                      </div>
                    ) : null}
                  </div>
                  {rowError ? (
                    <p role="alert" className="mt-2 text-sm font-medium text-red-700">
                      {rowError}
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
              onClick={() =>
                setRows((list) => [...list, newRow(addDaysToDate(list[list.length - 1]!.date || today, 1), list[list.length - 1])])
              }
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
