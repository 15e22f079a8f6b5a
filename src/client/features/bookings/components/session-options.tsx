import type { ReactNode } from "react";
import { noRatesMessage } from "@contract/booking-basics";
import type { RateResponse } from "@contract/coach-basics";
import { FEE_INCLUDED_NOTE, familyPrice } from "@contract/money";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@client/components/ui/card";
import { formatSessionTime } from "@client/lib/when";
import { sessionTypeLabel } from "./booking-format";

/** player-side 4: the chosen slot's session types and durations, each with the family's price. */
function RateChoices({
  rates,
  selectedId,
  onChoose,
  noRatesText,
}: {
  rates: readonly RateResponse[];
  selectedId: number | null;
  onChoose: (rate: RateResponse) => void;
  noRatesText: string;
}) {
  return (
    <section aria-labelledby="rate-heading" className="flex flex-col gap-2">
      <h3 id="rate-heading" className="font-semibold text-slate-800">
        Session Type &amp; Duration
      </h3>
      {rates.length === 0 ? (
        <p className="text-amber-800">{noRatesText}</p>
      ) : (
        <>
          <p className="text-xs text-slate-500">Prices {FEE_INCLUDED_NOTE}.</p>
          <div className="grid gap-2 sm:grid-cols-2">
            {rates.map((r) => (
              <button
                key={r.id}
                type="button"
                aria-pressed={r.id === selectedId}
                onClick={() => onChoose(r)}
                className={`flex items-center justify-between rounded-lg border-2 px-4 py-3 text-left transition-colors focus-visible:ring-2 focus-visible:ring-accent-400 focus-visible:outline-none ${
                  r.id === selectedId ? "border-field-700 bg-field-50" : "border-slate-200 hover:border-field-400"
                }`}
              >
                <span className="font-medium">
                  {r.duration} min {sessionTypeLabel(r.sessionType)} Session
                </span>
                <span className="font-bold text-field-800">{familyPrice(r.rate)}</span>
              </button>
            ))}
          </div>
        </>
      )}
    </section>
  );
}

/** The start times a session of the chosen length can still begin at, in the coach's time zone. */
function StartTimeChoices({
  options,
  chosen,
  onChoose,
  clock,
  duration,
}: {
  options: readonly string[];
  chosen: string | null;
  onChoose: (time: string) => void;
  clock: { date: string; timeZone: string };
  duration: number;
}) {
  return (
    <section aria-labelledby="start-heading" className="flex flex-col gap-2">
      <h3 id="start-heading" className="font-semibold text-slate-800">
        Start Time
      </h3>
      {options.length === 0 ? (
        <p className="text-slate-600">No {duration}-minute session can start in this time slot any more.</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {options.map((t) => (
            <Button
              key={t}
              type="button"
              size="sm"
              variant={t === chosen ? "primary" : "outline"}
              aria-pressed={t === chosen}
              onClick={() => onChoose(t)}
            >
              {formatSessionTime(t, clock)}
            </Button>
          ))}
        </div>
      )}
    </section>
  );
}

/**
 * player-side 4: the chosen slot's options: its rates, then (a weekly series' slot) the weekly
 * choice, then the start time; a weekly booking starts each week at the start of the slot.
 */
export function SessionOptionsCard({
  slot,
  rates,
  rateId,
  onChooseRate,
  weeklySection,
  isWeekly,
  startOptions,
  chosenStart,
  onChooseStart,
  clock,
  duration,
}: {
  slot: { isGroup: boolean; startTime: string };
  rates: readonly RateResponse[];
  rateId: number | null;
  onChooseRate: (rate: RateResponse) => void;
  weeklySection: ReactNode;
  isWeekly: boolean;
  startOptions: readonly string[];
  chosenStart: string | null;
  onChooseStart: (time: string) => void;
  clock: { date: string; timeZone: string };
  duration: number;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Session Options</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <RateChoices rates={rates} selectedId={rateId} onChoose={onChooseRate} noRatesText={noRatesMessage(slot.isGroup)} />
        {weeklySection}
        {rates.length > 0 && isWeekly ? (
          <p className="text-sm text-slate-700">
            Each week starts at {formatSessionTime(slot.startTime, clock) ?? slot.startTime}, the start of the weekly slot.
          </p>
        ) : rates.length > 0 ? (
          <StartTimeChoices options={startOptions} chosen={chosenStart} onChoose={onChooseStart} clock={clock} duration={duration} />
        ) : null}
      </CardContent>
    </Card>
  );
}
