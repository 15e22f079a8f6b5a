import { useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent, type PointerEvent } from "react";
import type { TimeSlot } from "@contract/slots";
import { validateSlot } from "@contract/slot-basics";
import { addDaysToDate } from "@contract/time";
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
import { CalendarNavigation, DropPreview, longDateLabel, MoveToolbar, sessionRange, shortDateLabel, SlotBlock } from "./calendar-parts";
import { isSlotEditable } from "./slot-card";
import { notifySlotFailure } from "./slot-feedback";
import type { SlotCoach } from "./slot-form-dialog";
import { addDaysTo, nowIn, startOfWeekDate } from "@client/lib/when";

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
      <CalendarNavigation
        isNarrow={isNarrow}
        rangeLabel={rangeLabel}
        onStep={(direction) => setAnchor(addDaysToDate(anchor, direction * step))}
        onToday={() => setAnchor(today)}
      />

      {selected ? (
        <MoveToolbar
          slot={selected}
          timeZone={coach.timeZone}
          onMove={(days, hours) => moveBy(selected, days, hours)}
          onEdit={() => onEdit(selected)}
          onClear={() => setSelectedId(null)}
        />
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
                  return (
                    <SlotBlock
                      key={slot.id}
                      slot={slot}
                      box={box}
                      timeZone={coach.timeZone}
                      names={seatNames?.get(slot.id) ?? []}
                      editable={isSlotEditable(slot)}
                      isSelected={selectedId === slot.id}
                      isDragged={!!drag?.moved && drag.slot.id === slot.id}
                      isPending={!!pending[slot.id]}
                      register={(el) => {
                        if (el) slotButtons.current.set(slot.id, el);
                        else slotButtons.current.delete(slot.id);
                      }}
                      events={{
                        onPointerDown: (e) => onPointerDown(e, slot),
                        onPointerMove,
                        onPointerUp,
                        onClick: () => onSlotClick(slot),
                        onPointerCancel: () => setDrag(null),
                        onKeyDown: (e) => onSlotKeyDown(e, slot),
                      }}
                    />
                  );
                })}
              {drag?.moved && drag.target?.date === date ? <DropPreview target={drag.target} timeZone={coach.timeZone} /> : null}
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
