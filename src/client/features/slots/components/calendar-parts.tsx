import { ArrowDown, ArrowLeft, ArrowRight, ArrowUp, ChevronLeft, ChevronRight, Pencil, X } from "lucide-react";
import type { HTMLAttributes } from "react";
import type { TimeSlot } from "@contract/slots";
import { Button } from "@client/components/ui/button";
import { cn } from "@client/lib/cn";
import { slotState, type StateTone } from "@client/lib/states";
import { formatDayLabel, formatSessionRange, formatWeekdayDate } from "@client/lib/when";
import { slotBox } from "./calendar-geometry";

export const shortDateLabel = (date: string) => formatDayLabel(date) ?? date;
export const longDateLabel = (date: string) => formatWeekdayDate(date) ?? date;
/** The shared formatter: "9:00 AM - 10:00 AM", with the coach's zone named for a viewer elsewhere. */
export const sessionRange = (date: string, start: string, end: string, timeZone: string) =>
  formatSessionRange(start, end, { date, timeZone }) ?? `${start} - ${end}`;

/** A block in the calendar wears its state's colour (src/client/lib/states.tsx). */
const STATE_BLOCK_CLASSES: Record<StateTone, string> = {
  secondary: "border-field-700 bg-field-100 text-field-950",
  warning: "border-amber-600 bg-amber-50 text-amber-950",
  success: "border-emerald-700 bg-emerald-50 text-emerald-950",
  destructive: "border-red-600 bg-red-50 text-red-900",
  outline: "border-slate-500 bg-slate-50 text-slate-800",
};

/** Previous and next week (day, on a narrow screen), back to today, and the range shown. */
export function CalendarNavigation({
  isNarrow,
  rangeLabel,
  onStep,
  onToday,
}: {
  isNarrow: boolean;
  rangeLabel: string;
  onStep: (direction: -1 | 1) => void;
  onToday: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <div className="flex items-center gap-1">
        <Button variant="outline" size="icon" aria-label={isNarrow ? "Previous day" : "Previous week"} onClick={() => onStep(-1)}>
          <ChevronLeft aria-hidden />
        </Button>
        <Button variant="outline" size="icon" aria-label={isNarrow ? "Next day" : "Next week"} onClick={() => onStep(1)}>
          <ChevronRight aria-hidden />
        </Button>
        <Button variant="ghost" size="sm" onClick={onToday}>
          Today
        </Button>
      </div>
      <h3 className="font-display text-lg font-bold text-field-950 uppercase" aria-live="polite" data-testid="calendar-range">
        {rangeLabel}
      </h3>
    </div>
  );
}

/** The keyboard's and the touch screen's way to move the selected slot, a day or an hour at a time. */
export function MoveToolbar({
  slot,
  timeZone,
  onMove,
  onEdit,
  onClear,
}: {
  slot: TimeSlot;
  timeZone: string;
  onMove: (dayDelta: number, hourDelta: number) => void;
  onEdit: () => void;
  onClear: () => void;
}) {
  return (
    <div
      role="toolbar"
      aria-label="Move selected time slot"
      className="flex flex-wrap items-center gap-2 rounded-xl border border-field-200 bg-field-50 p-2"
    >
      <span className="px-1 text-sm font-semibold text-field-900">
        {shortDateLabel(slot.date)}, {sessionRange(slot.date, slot.startTime, slot.endTime, timeZone)}
      </span>
      <Button size="sm" variant="outline" onClick={() => onMove(-1, 0)}>
        <ArrowLeft aria-hidden /> Previous day
      </Button>
      <Button size="sm" variant="outline" onClick={() => onMove(1, 0)}>
        <ArrowRight aria-hidden /> Next day
      </Button>
      <Button size="sm" variant="outline" onClick={() => onMove(0, -1)}>
        <ArrowUp aria-hidden /> One hour earlier
      </Button>
      <Button size="sm" variant="outline" onClick={() => onMove(0, 1)}>
        <ArrowDown aria-hidden /> One hour later
      </Button>
      <Button size="sm" variant="secondary" onClick={onEdit}>
        <Pencil aria-hidden /> Edit
      </Button>
      <Button size="sm" variant="ghost" aria-label="Clear selection" onClick={onClear}>
        <X aria-hidden />
      </Button>
    </div>
  );
}

type SlotEvents = Pick<
  HTMLAttributes<HTMLDivElement>,
  "onPointerDown" | "onPointerMove" | "onPointerUp" | "onPointerCancel" | "onClick" | "onKeyDown"
>;

/** One slot drawn in its day at its hours: its times, state, seats and who holds them (DESIGN.md 11). */
export function SlotBlock({
  slot,
  box,
  timeZone,
  names,
  editable,
  isSelected,
  isDragged,
  isPending,
  register,
  events,
}: {
  slot: TimeSlot;
  box: { top: number; height: number };
  timeZone: string;
  names: readonly string[];
  editable: boolean;
  isSelected: boolean;
  isDragged: boolean;
  isPending: boolean;
  register: (el: HTMLElement | null) => void;
  events: SlotEvents;
}) {
  const state = slotState(slot);
  const range = sessionRange(slot.date, slot.startTime, slot.endTime, timeZone);
  const kind = slot.isGroup ? `Group ${slot.bookingCount ?? 0}/${slot.capacity}` : "Individual";
  // The accessible name starts with the block's visible words (label-in-name), then adds its day.
  const visible = [range, `${state.label} · ${kind}`, ...(names.length > 0 ? [names.join(", ")] : [])];
  const label = `${visible.join(" ")}, ${longDateLabel(slot.date)}`;
  return (
    <div
      role="button"
      tabIndex={0}
      aria-label={label}
      aria-pressed={editable ? isSelected : undefined}
      aria-disabled={editable ? undefined : true}
      aria-keyshortcuts={editable ? "ArrowLeft ArrowRight ArrowUp ArrowDown" : undefined}
      data-testid="calendar-slot"
      data-slot-id={slot.id}
      ref={register}
      {...events}
      className={cn(
        "absolute inset-x-1 overflow-hidden rounded-lg border-l-4 px-2 py-1 text-left text-xs shadow-sm select-none focus-visible:ring-2 focus-visible:ring-accent-400 focus-visible:outline-none",
        editable ? "cursor-grab touch-none hover:bg-field-200" : "cursor-not-allowed",
        STATE_BLOCK_CLASSES[state.tone],
        isSelected && editable && "ring-2 ring-accent-500",
        isDragged && "opacity-40",
        isPending && "animate-pulse",
      )}
      style={{ top: box.top, height: box.height }}
    >
      {/* The spaces between the lines keep their words apart in the visible text that checkers compare with the name. */}
      <span className="block font-semibold">{range}</span>{" "}
      <span className="block truncate" data-testid="calendar-slot-state">
        {state.label} · {kind}
      </span>
      {names.length > 0 ? (
        <>
          {" "}
          <span className="block truncate" data-testid="calendar-slot-athletes">
            {names.join(", ")}
          </span>
        </>
      ) : null}
    </div>
  );
}

/** Where a dragged slot would land, drawn under the pointer before it is let go. */
export function DropPreview({ target, timeZone }: { target: { date: string; startTime: string; endTime: string }; timeZone: string }) {
  const box = slotBox(target.startTime, target.endTime);
  if (!box) return null;
  return (
    <div
      aria-hidden
      data-testid="drop-preview"
      className="pointer-events-none absolute inset-x-1 rounded-lg border-2 border-dashed border-field-700 bg-field-200/70 px-2 py-1 text-xs font-semibold text-field-950"
      style={{ top: box.top, height: box.height }}
    >
      {sessionRange(target.date, target.startTime, target.endTime, timeZone)}
    </div>
  );
}
