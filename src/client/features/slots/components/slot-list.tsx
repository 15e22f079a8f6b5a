import { CalendarX } from "lucide-react";
import type { TimeSlot } from "@contract/slots";
import { SlotCard } from "./slot-card";
import { formatWeekdayDate } from "@client/lib/when";

/**
 * "Weekly · week 2 of 8" for each slot of a weekly series, counted among `slots` (the coach's whole
 * list, so the numbers stay the same in a filtered view).
 */
export function slotSeriesLabels(slots: readonly TimeSlot[]): Map<number, string> {
  const bySeries = new Map<string, TimeSlot[]>();
  for (const slot of slots) if (slot.seriesId) bySeries.set(slot.seriesId, [...(bySeries.get(slot.seriesId) ?? []), slot]);
  const labels = new Map<number, string>();
  for (const weeks of bySeries.values()) {
    if (weeks.length < 2) continue;
    weeks.sort((a, b) => `${a.date} ${a.startTime}`.localeCompare(`${b.date} ${b.startTime}`));
    weeks.forEach((w, i) => labels.set(w.id, `Weekly · week ${i + 1} of ${weeks.length}`));
  }
  return labels;
}

/** Slots grouped by date, earliest first; `seriesOf` is the list the series' weeks are counted in (default: `slots`). */
export function SlotList({
  slots,
  onEdit,
  emptyText,
  seriesOf,
}: {
  slots: TimeSlot[];
  onEdit: (slot: TimeSlot) => void;
  emptyText: string;
  seriesOf?: readonly TimeSlot[];
}) {
  if (slots.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-slate-600">
        <CalendarX aria-hidden className="size-8 text-slate-400" />
        <p>{emptyText}</p>
      </div>
    );
  }
  const seriesLabels = slotSeriesLabels(seriesOf ?? slots);
  const byDate = new Map<string, TimeSlot[]>();
  for (const slot of [...slots].sort((a, b) => `${a.date} ${a.startTime}`.localeCompare(`${b.date} ${b.startTime}`))) {
    byDate.set(slot.date, [...(byDate.get(slot.date) ?? []), slot]);
  }
  return (
    <div className="flex flex-col gap-6">
      {[...byDate].map(([date, daySlots]) => (
        <section key={date} aria-label={formatWeekdayDate(date) ?? date} className="flex flex-col gap-2">
          <h3 className="font-display text-lg font-bold text-field-900 uppercase">{formatWeekdayDate(date) ?? date}</h3>
          <ul className="flex flex-col gap-2">
            {daySlots.map((slot) => (
              <li key={slot.id}>
                <SlotCard slot={slot} onEdit={onEdit} seriesLabel={seriesLabels.get(slot.id)} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
