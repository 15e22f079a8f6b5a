import { CalendarDays, Clock, Users } from "lucide-react";
import type { TimeSlot } from "@contract/slots";
import { Badge } from "@client/components/ui/badge";
import { Card, CardContent, IconCardHeader } from "@client/components/ui/card";
import { formatLongDate, formatSessionRange } from "@client/lib/when";
import { groupByDate } from "./bookable-slots";

/** The open time slots by day, one button each: its times, kind, place and (`offerOf`) its price. */
function SlotChoices({
  slots,
  selectedId,
  onChoose,
  timeZone,
  offerOf,
}: {
  slots: TimeSlot[];
  selectedId: number | null;
  onChoose: (slot: TimeSlot) => void;
  timeZone: string;
  offerOf: (slot: TimeSlot) => string | null;
}) {
  return (
    <div className="flex flex-col gap-5">
      {groupByDate(slots).map((group) => (
        <section key={group.date} aria-label={formatLongDate(group.date) ?? group.date} className="flex flex-col gap-2">
          <h3 className="font-semibold text-field-900">{formatLongDate(group.date) ?? group.date}</h3>
          <div className="grid gap-2 sm:grid-cols-2">
            {group.slots.map((s) => {
              const offer = offerOf(s);
              return (
                <button
                  key={s.id}
                  type="button"
                  aria-pressed={s.id === selectedId}
                  onClick={() => onChoose(s)}
                  className={`flex flex-col gap-1 rounded-lg border-2 px-4 py-3 text-left transition-colors focus-visible:ring-2 focus-visible:ring-accent-400 focus-visible:outline-none ${
                    s.id === selectedId ? "border-field-700 bg-field-50" : "border-slate-200 hover:border-field-400"
                  }`}
                >
                  <span className="flex items-center gap-2 font-medium">
                    <Clock aria-hidden className="size-4" />
                    {formatSessionRange(s.startTime, s.endTime, { date: s.date, timeZone }) ?? `${s.startTime} - ${s.endTime}`}
                  </span>
                  <span className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
                    {s.isGroup ? (
                      <Badge variant="secondary">
                        <Users aria-hidden className="size-3" /> Group ({s.capacity} spots)
                      </Badge>
                    ) : (
                      <Badge variant="outline">Individual</Badge>
                    )}
                    {s.locationName || s.locationAddress ? (
                      <span>{[s.locationName, s.locationAddress].filter(Boolean).join(", ")}</span>
                    ) : null}
                  </span>
                  {offer ? (
                    <span className="text-sm font-semibold text-field-800" data-testid="slot-offer">
                      {offer}
                    </span>
                  ) : null}
                </button>
              );
            })}
          </div>
        </section>
      ))}
    </div>
  );
}

type SlotChoicesProps = Parameters<typeof SlotChoices>[0];

/** player-side 4: "Available Times", or why there are none to choose from. */
export function AvailableTimesCard({ failed, ...choices }: SlotChoicesProps & { failed: boolean }) {
  return (
    <Card>
      <IconCardHeader icon={CalendarDays} level={2}>
        Available Times
      </IconCardHeader>
      <CardContent>
        {failed ? (
          <p className="text-red-700">Failed to load time slots. Please try again later.</p>
        ) : choices.slots.length === 0 ? (
          <p className="text-slate-600">No available time slots at the moment.</p>
        ) : (
          <SlotChoices {...choices} />
        )}
      </CardContent>
    </Card>
  );
}
