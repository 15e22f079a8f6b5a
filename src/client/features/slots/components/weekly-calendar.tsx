import { ArrowDown, ArrowLeft, ArrowRight, ArrowUp, ChevronLeft, ChevronRight, Pencil, X } from "lucide-react";
import { useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent, type PointerEvent } from "react";
import { validateSlot, type TimeSlot } from "@contract/slots";
import { addDaysToDate } from "@contract/time";
import { Button } from "@client/components/ui/button";
import { toast } from "@client/components/ui/toast";
import { cn } from "@client/lib/cn";
import { useUpdateTimeSlot } from "../api/update-time-slot";
import {
  CALENDAR_END_HOUR,
  CALENDAR_HEIGHT,
  CALENDAR_HOURS,
  CALENDAR_START_HOUR,
  PIXELS_PER_HOUR,
  movedSlotTimes,
  slotBox,
  startHourOf,
} from "./calendar-geometry";
import { isSlotEditable } from "./slot-card";
import { notifySlotFailure } from "./slot-feedback";
import type { SlotCoach } from "./slot-form-dialog";
import { slotState, type StateTone } from "@client/lib/states";
import { addDaysTo, formatDayLabel, formatSessionRange, formatWeekdayDate, nowIn, startOfWeekDate } from "@client/lib/when";

const shortDateLabel = (date: string) => formatDayLabel(date) ?? date;
const longDateLabel = (date: string) => formatWeekdayDate(date) ?? date;
/** The shared formatter: "9:00 AM - 10:00 AM", with the coach's zone named for a viewer elsewhere. */
const sessionRange = (date: string, start: string, end: string, timeZone: string) =>
  formatSessionRange(start, end, { date, timeZone }) ?? `${start} - ${end}`;

/** A block in the calendar wears its state's colour (src/client/lib/states.ts). */
const STATE_BLOCK_CLASSES: Record<StateTone, string> = {
  secondary: "border-field-700 bg-field-100 text-field-950",
  warning: "border-amber-600 bg-amber-50 text-amber-950",
  success: "border-emerald-700 bg-emerald-50 text-emerald-950",
  destructive: "border-red-600 bg-red-50 text-red-900",
  outline: "border-slate-500 bg-slate-50 text-slate-800",
};
const weekDates = (weekStart: string) => Array.from({ length: 7 }, (_, i) => addDaysTo(weekStart, i));

/** coach-side 2: a single day on screens narrower than 768 px. */
const NARROW_QUERY = "(max-width: 767px)";
/** A press that moves less than this is a click (select), not a drag. */
const DRAG_THRESHOLD_PX = 5;

function useIsNarrow(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(NARROW_QUERY);
      query.addEventListener("change", onChange);
      return () => query.removeEventListener("change", onChange);
    },
    () => window.matchMedia(NARROW_QUERY).matches,
  );
}

type Move = { date: string; startTime: string; endTime: string };
type Drag = { slot: TimeSlot; pointerId: number; startX: number; startY: number; grabOffsetY: number; moved: boolean; target: Move | null };

type Props = {
  coach: SlotCoach;
  slots: TimeSlot[];
  onEdit: (slot: TimeSlot) => void;
  /** Who holds a seat in each slot (slot id -> athletes' names), shown in its block (DESIGN.md 11). */
  seatNames?: ReadonlyMap<number, readonly string[]>;
};

/**
 * The dashboard's weekly calendar: 7 days (one on narrow screens), 6:00 to 20:00 at 60 px per hour.
 * Available slots move by dragging them (pointer) or by selecting one and using the move buttons or
 * the arrow keys (keyboard); a move keeps the duration and the minutes of the start.
 */
export function WeeklyCalendar({ coach, slots, onEdit, seatNames }: Props) {
  const today = nowIn(coach.timeZone).date;
  const isNarrow = useIsNarrow();
  const [anchor, setAnchor] = useState(today);
  const days = isNarrow ? [anchor] : weekDates(startOfWeekDate(anchor));
  const step = isNarrow ? 1 : 7;

  const update = useUpdateTimeSlot();
  const [pending, setPending] = useState<Record<number, Move>>({});
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const columns = useRef(new Map<string, HTMLElement>());
  const slotButtons = useRef(new Map<number, HTMLElement>());
  // The click that ends a drag must not also select the slot.
  const suppressClick = useRef(false);

  const shown = slots.map((slot) => (pending[slot.id] ? { ...slot, ...pending[slot.id] } : slot));
  const selected = shown.find((s) => s.id === selectedId && isSlotEditable(s)) ?? null;
  const hiddenCount = shown.filter((s) => days.includes(s.date) && !slotBox(s.startTime, s.endTime)).length;

  // After a keyboard move the slot is drawn in another place; keep the focus on it.
  const refocusId = useRef<number | null>(null);
  useEffect(() => {
    if (refocusId.current === null) return;
    slotButtons.current.get(refocusId.current)?.focus();
    refocusId.current = null;
  });

  async function moveSlot(slot: TimeSlot, move: Move) {
    if (move.date === slot.date && move.startTime === slot.startTime) return;
    const check = validateSlot({ ...move, isGroup: slot.isGroup, capacity: slot.capacity }, nowIn(coach.timeZone));
    if (!check.ok) {
      toast({ title: "Cannot Move Time Slot", description: check.message, variant: "destructive" });
      return;
    }
    if (!days.includes(move.date)) setAnchor(move.date);
    setPending((p) => ({ ...p, [slot.id]: move }));
    try {
      await update.mutateAsync({ id: slot.id, changes: move });
      toast({
        title: "Time Slot Updated",
        description: `Moved to ${shortDateLabel(move.date)}, ${sessionRange(move.date, move.startTime, move.endTime, coach.timeZone)}.`,
        variant: "success",
      });
    } catch (error) {
      notifySlotFailure(error, "Failed to update time slot");
    } finally {
      setPending(({ [slot.id]: _done, ...rest }) => rest);
    }
  }

  function moveBy(slot: TimeSlot, dayDelta: number, hourDelta: number) {
    const hour = startHourOf(slot.startTime) + hourDelta;
    const move = movedSlotTimes(slot, addDaysToDate(slot.date, dayDelta), hour);
    if (!move || hour < 0) return;
    refocusId.current = slot.id;
    void moveSlot(slot, move);
  }

  function targetAt(clientX: number, clientY: number, current: Drag): Move | null {
    for (const [date, column] of columns.current) {
      const rect = column.getBoundingClientRect();
      if (clientX < rect.left || clientX >= rect.right) continue;
      const top = clientY - rect.top - current.grabOffsetY;
      const hour = Math.min(CALENDAR_END_HOUR - 1, Math.max(CALENDAR_START_HOUR, CALENDAR_START_HOUR + Math.round(top / PIXELS_PER_HOUR)));
      return movedSlotTimes(current.slot, date, hour);
    }
    return null;
  }

  function onPointerDown(event: PointerEvent<HTMLElement>, slot: TimeSlot) {
    suppressClick.current = false;
    if (event.button !== 0 || !isSlotEditable(slot)) return;
    const rect = event.currentTarget.getBoundingClientRect();
    event.currentTarget.setPointerCapture(event.pointerId);
    setDrag({
      slot,
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      grabOffsetY: event.clientY - rect.top,
      moved: false,
      target: null,
    });
  }

  function onPointerMove(event: PointerEvent<HTMLElement>) {
    if (!drag || event.pointerId !== drag.pointerId) return;
    const moved = drag.moved || Math.hypot(event.clientX - drag.startX, event.clientY - drag.startY) > DRAG_THRESHOLD_PX;
    if (!moved) return;
    setDrag({ ...drag, moved, target: targetAt(event.clientX, event.clientY, drag) });
  }

  function onPointerUp(event: PointerEvent<HTMLElement>) {
    if (!drag || event.pointerId !== drag.pointerId) return;
    const { slot, moved, target } = drag;
    setDrag(null);
    if (!moved) return; // A click: onClick selects.
    suppressClick.current = true;
    if (target) void moveSlot(slot, target);
  }

  function onSlotClick(slot: TimeSlot) {
    if (suppressClick.current) {
      suppressClick.current = false;
      return;
    }
    if (isSlotEditable(slot)) setSelectedId((id) => (id === slot.id ? null : slot.id));
  }

  function onSlotKeyDown(event: KeyboardEvent<HTMLElement>, slot: TimeSlot) {
    const deltas: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const delta = deltas[event.key];
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      setSelectedId((id) => (id === slot.id ? null : slot.id));
    } else if (delta && isSlotEditable(slot)) {
      event.preventDefault();
      setSelectedId(slot.id);
      moveBy(slot, delta[0], delta[1]);
    }
  }

  const rangeLabel = isNarrow ? longDateLabel(days[0]!) : `${shortDateLabel(days[0]!)} - ${shortDateLabel(days[6]!)}`;

  return (
    <div className="flex flex-col gap-3" data-testid="weekly-calendar">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-1">
          <Button
            variant="outline"
            size="icon"
            aria-label={isNarrow ? "Previous day" : "Previous week"}
            onClick={() => setAnchor(addDaysToDate(anchor, -step))}
          >
            <ChevronLeft aria-hidden />
          </Button>
          <Button
            variant="outline"
            size="icon"
            aria-label={isNarrow ? "Next day" : "Next week"}
            onClick={() => setAnchor(addDaysToDate(anchor, step))}
          >
            <ChevronRight aria-hidden />
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setAnchor(today)}>
            Today
          </Button>
        </div>
        <h3 className="font-display text-lg font-bold text-field-950 uppercase" aria-live="polite" data-testid="calendar-range">
          {rangeLabel}
        </h3>
      </div>

      {selected ? (
        <div
          role="toolbar"
          aria-label="Move selected time slot"
          className="flex flex-wrap items-center gap-2 rounded-xl border border-field-200 bg-field-50 p-2"
        >
          <span className="px-1 text-sm font-semibold text-field-900">
            {shortDateLabel(selected.date)}, {sessionRange(selected.date, selected.startTime, selected.endTime, coach.timeZone)}
          </span>
          <Button size="sm" variant="outline" onClick={() => moveBy(selected, -1, 0)}>
            <ArrowLeft aria-hidden /> Previous day
          </Button>
          <Button size="sm" variant="outline" onClick={() => moveBy(selected, 1, 0)}>
            <ArrowRight aria-hidden /> Next day
          </Button>
          <Button size="sm" variant="outline" onClick={() => moveBy(selected, 0, -1)}>
            <ArrowUp aria-hidden /> One hour earlier
          </Button>
          <Button size="sm" variant="outline" onClick={() => moveBy(selected, 0, 1)}>
            <ArrowDown aria-hidden /> One hour later
          </Button>
          <Button size="sm" variant="secondary" onClick={() => onEdit(selected)}>
            <Pencil aria-hidden /> Edit
          </Button>
          <Button size="sm" variant="ghost" aria-label="Clear selection" onClick={() => setSelectedId(null)}>
            <X aria-hidden />
          </Button>
        </div>
      ) : (
        <p className="text-sm text-slate-600">
          Drag an available slot to another day or hour, or select it to move it with buttons or arrow keys.
        </p>
      )}

      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <div className={cn("grid", isNarrow ? "grid-cols-[3.5rem_1fr]" : "min-w-[760px] grid-cols-[3.5rem_repeat(7,1fr)]")}>
          <div className="border-b border-slate-200" />
          {days.map((date) => (
            <div
              key={date}
              className={cn(
                "border-b border-l border-slate-200 px-2 py-2 text-center text-sm font-semibold",
                date === today ? "bg-accent-200 text-field-950" : "text-slate-700",
              )}
            >
              {shortDateLabel(date)}
            </div>
          ))}
          <div className="relative" style={{ height: CALENDAR_HEIGHT }} aria-hidden>
            {CALENDAR_HOURS.map((hour) => (
              <span
                key={hour}
                className="absolute right-2 -translate-y-1/2 text-xs text-slate-500"
                style={{ top: (hour - CALENDAR_START_HOUR) * PIXELS_PER_HOUR }}
              >
                {hour === CALENDAR_START_HOUR ? "" : `${hour}:00`}
              </span>
            ))}
          </div>
          {days.map((date) => (
            <div
              key={date}
              role="group"
              aria-label={longDateLabel(date)}
              data-date={date}
              ref={(el) => {
                if (el) columns.current.set(date, el);
                else columns.current.delete(date);
              }}
              className={cn("relative border-l border-slate-200", drag?.moved && drag.target?.date === date && "bg-field-50")}
              style={{
                height: CALENDAR_HEIGHT,
                backgroundImage: `repeating-linear-gradient(to bottom, transparent 0, transparent ${PIXELS_PER_HOUR - 1}px, rgb(226 232 240) ${PIXELS_PER_HOUR - 1}px, rgb(226 232 240) ${PIXELS_PER_HOUR}px)`,
              }}
            >
              {shown
                .filter((slot) => slot.date === date)
                .map((slot) => {
                  const box = slotBox(slot.startTime, slot.endTime);
                  if (!box) return null;
                  const editable = isSlotEditable(slot);
                  const isDragged = drag?.moved && drag.slot.id === slot.id;
                  const state = slotState(slot);
                  const range = sessionRange(slot.date, slot.startTime, slot.endTime, coach.timeZone);
                  const names = seatNames?.get(slot.id) ?? [];
                  const label = `${state.label} ${slot.isGroup ? "group" : "individual"} slot, ${longDateLabel(slot.date)}, ${range}${
                    names.length > 0 ? `, ${names.join(", ")}` : ""
                  }`;
                  return (
                    <div
                      key={slot.id}
                      role="button"
                      tabIndex={0}
                      aria-label={label}
                      aria-pressed={editable ? selectedId === slot.id : undefined}
                      aria-disabled={editable ? undefined : true}
                      aria-keyshortcuts={editable ? "ArrowLeft ArrowRight ArrowUp ArrowDown" : undefined}
                      data-testid="calendar-slot"
                      data-slot-id={slot.id}
                      ref={(el) => {
                        if (el) slotButtons.current.set(slot.id, el);
                        else slotButtons.current.delete(slot.id);
                      }}
                      onPointerDown={(e) => onPointerDown(e, slot)}
                      onPointerMove={onPointerMove}
                      onPointerUp={onPointerUp}
                      onClick={() => onSlotClick(slot)}
                      onPointerCancel={() => setDrag(null)}
                      onKeyDown={(e) => onSlotKeyDown(e, slot)}
                      className={cn(
                        "absolute inset-x-1 overflow-hidden rounded-lg border-l-4 px-2 py-1 text-left text-xs shadow-sm select-none focus-visible:ring-2 focus-visible:ring-accent-400 focus-visible:outline-none",
                        editable ? "cursor-grab touch-none hover:bg-field-200" : "cursor-not-allowed",
                        STATE_BLOCK_CLASSES[state.tone],
                        selectedId === slot.id && editable && "ring-2 ring-accent-500",
                        isDragged && "opacity-40",
                        pending[slot.id] && "animate-pulse",
                      )}
                      style={{ top: box.top, height: box.height }}
                    >
                      <span className="block font-semibold">{range}</span>
                      <span className="block truncate" data-testid="calendar-slot-state">
                        {state.label} · {slot.isGroup ? `Group ${slot.bookingCount ?? 0}/${slot.capacity}` : "Individual"}
                      </span>
                      {names.length > 0 ? (
                        <span className="block truncate" data-testid="calendar-slot-athletes">
                          {names.join(", ")}
                        </span>
                      ) : null}
                    </div>
                  );
                })}
              {drag?.moved && drag.target?.date === date
                ? (() => {
                    const box = slotBox(drag.target.startTime, drag.target.endTime);
                    return box ? (
                      <div
                        aria-hidden
                        data-testid="drop-preview"
                        className="pointer-events-none absolute inset-x-1 rounded-lg border-2 border-dashed border-field-700 bg-field-200/70 px-2 py-1 text-xs font-semibold text-field-950"
                        style={{ top: box.top, height: box.height }}
                      >
                        {sessionRange(drag.target.date, drag.target.startTime, drag.target.endTime, coach.timeZone)}
                      </div>
                    ) : null;
                  })()
                : null}
            </div>
          ))}
        </div>
      </div>
      {hiddenCount > 0 ? (
        <p className="text-sm text-slate-600">
          {hiddenCount} {hiddenCount === 1 ? "slot is" : "slots are"} outside 6:00-20:00 and not shown here; see the list view.
        </p>
      ) : null}
    </div>
  );
}
