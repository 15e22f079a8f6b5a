import { Star } from "lucide-react";
import type { RateResponse } from "@contract/coach-basics";
import { FEE_INCLUDED_NOTE, familyPrice, familyPriceCents, formatDollars, lowestFamilyPrice } from "@contract/money";
import type { TimeSlot } from "@contract/slots";
import { Badge } from "@client/components/ui/badge";
import { cn } from "@client/lib/cn";
import { formatDayLabel, formatSessionRange } from "@client/lib/when";
import { fullName } from "@contract/names";
import { weeklyLabels, type MaybeWeeklySlot } from "../weekly-label";

type CoachLike = {
  profileImageUrl: string | null;
  user: { firstName: string | null; lastName: string | null; profileImageUrl: string | null };
};

export function coachName(coach: CoachLike): string {
  return fullName(coach.user) || "Coach";
}

/** The coach's specializations as badges (on the card, the profile and a match); nothing without any. */
export function SpecializationBadges({ specializations }: { specializations: readonly string[] }) {
  if (specializations.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-1.5" aria-label="Specializations">
      {specializations.map((s) => (
        <Badge key={s} variant="secondary">
          {s}
        </Badge>
      ))}
    </div>
  );
}

/** The coach's photo, else the first letter of their name. */
export function CoachAvatar({ coach, className }: { coach: CoachLike; className?: string }) {
  const photo = coach.profileImageUrl ?? coach.user.profileImageUrl;
  const name = coachName(coach);
  return (
    <div
      className={cn(
        "flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-full border-4 border-field-100 bg-field-700 font-display text-2xl font-bold text-white uppercase",
        className,
      )}
    >
      {photo ? <img src={photo} alt={name} className="size-full object-cover" /> : <span aria-label={name}>{name[0]}</span>}
    </div>
  );
}

/** "Tue, Nov 24 · 9:00 AM - 10:00 AM" (with the coach's zone, "... EST", for a viewer elsewhere). */
export function slotLabel(slot: Pick<TimeSlot, "date" | "startTime" | "endTime" | "timeZone">): string {
  const range = formatSessionRange(slot.startTime, slot.endTime, slot) ?? `${slot.startTime} - ${slot.endTime}`;
  return `${formatDayLabel(slot.date) ?? slot.date} · ${range}`;
}

/** "$97.75 / 60 min individual": what a family pays (the one price rule, src/contract/money.ts). */
export function describeFamilyRate(rate: Pick<RateResponse, "rate" | "duration" | "sessionType">): string {
  return `${familyPrice(rate.rate)} / ${rate.duration} min ${rate.sessionType}`;
}

export function RateList({ rates }: { rates: RateResponse[] }) {
  if (rates.length === 0) return <p className="text-sm text-slate-600">Rates not listed yet.</p>;
  return (
    <div className="flex flex-col gap-1">
      <ul className="flex flex-wrap gap-2" aria-label="Rates">
        {rates.map((rate) => (
          <li key={rate.id} className="rounded-md bg-field-50 px-2 py-1 text-sm font-semibold text-field-900">
            {describeFamilyRate(rate)}
          </li>
        ))}
      </ul>
      <p className="text-xs text-slate-500">Prices {FEE_INCLUDED_NOTE}.</p>
    </div>
  );
}

/** "From $57.50/session (30 min)": the lowest price a family pays, with the length it buys; null without rates. */
export function fromPrice(rates: RateResponse[]): string | null {
  const lowest = lowestFamilyPrice(rates);
  return lowest ? `From ${lowest.price}/session (${lowest.rate.duration} min)` : null;
}

/**
 * What a slot tile offers: the session lengths of its kind that fit in it and the price a family
 * pays, "60 min · $97.75" or "30 or 60 min · from $57.50"; null when the coach has no rate for it.
 */
export function slotOffer(slot: Pick<TimeSlot, "startTime" | "endTime" | "isGroup">, rates: readonly RateResponse[]): string | null {
  const kind = slot.isGroup ? "group" : "individual";
  const window = minutesOf(slot.endTime) - minutesOf(slot.startTime);
  const fitting = rates.filter((r) => r.sessionType === kind && (window <= 0 || r.duration <= window));
  const priced: { duration: number; cents: number }[] = [];
  for (const r of fitting) {
    const cents = familyPriceCents(r.rate);
    if (cents !== null) priced.push({ duration: r.duration, cents });
  }
  if (priced.length === 0) return null;
  const durations = [...new Set(priced.map((r) => r.duration))].sort((a, b) => a - b);
  const lowest = Math.min(...priced.map((r) => r.cents));
  const length = durations.length === 1 ? `${durations[0]} min` : `${durations.slice(0, -1).join(", ")} or ${durations.at(-1)} min`;
  return priced.length === 1 ? `${length} · ${formatDollars(lowest)}` : `${length} · from ${formatDollars(lowest)}`;
}

/** "09:30" -> 570; an end of "00:00" is midnight at the end of the day. */
function minutesOf(time: string): number {
  const [h, m] = time.split(":").map(Number);
  const minutes = (h ?? 0) * 60 + (m ?? 0);
  return minutes === 0 ? 24 * 60 : minutes;
}

/** The coach's rating and review count, or "New coach" before the first review. */
export function RatingSummary({ rating, reviewCount }: { rating: number | null; reviewCount: number }) {
  if (rating === null || reviewCount === 0) {
    return <span className="inline-flex w-fit rounded-full bg-accent-200 px-2 py-0.5 text-xs font-semibold text-field-900">New coach</span>;
  }
  return (
    <span
      className="inline-flex items-center gap-1 text-sm text-slate-700"
      aria-label={`Rated ${rating.toFixed(1)} out of 5 from ${reviewCount} ${reviewCount === 1 ? "review" : "reviews"}`}
    >
      <Star aria-hidden className="size-4 shrink-0 fill-amber-400 text-amber-400" />
      <span className="font-semibold text-field-950">{rating.toFixed(1)}</span>
      <span>
        ({reviewCount} {reviewCount === 1 ? "review" : "reviews"})
      </span>
    </span>
  );
}

/** Five stars filled to the rating (rounded to the nearest half is not worth it at this size). */
export function RatingStars({ rating, totalReviews }: { rating: number | null; totalReviews: number }) {
  const value = rating ?? 0;
  return (
    <span
      className="inline-flex flex-wrap items-center gap-1 text-sm text-slate-700"
      aria-label={rating === null ? "No reviews yet" : `Rated ${rating} out of 5`}
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          aria-hidden
          key={n}
          className={cn("size-4 shrink-0", n <= Math.round(value) ? "fill-amber-400 text-amber-400" : "text-slate-300")}
        />
      ))}
      <span>{rating === null ? "No reviews yet" : `${rating.toFixed(1)} (${totalReviews})`}</span>
    </span>
  );
}

/** "1 coach found", "3 coaches found" (the spec's "n coach(es) found"). */
export function coachCountLabel(count: number): string {
  return count === 1 ? "1 coach found" : `${count} coaches found`;
}

/** The coach's weekly sessions among these slots: "Weekly on Tuesdays, 6 PM" (DESIGN.md 12), nothing without one. */
export function WeeklySessions({ slots }: { slots: readonly MaybeWeeklySlot[] }) {
  const labels = weeklyLabels(slots);
  if (labels.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Weekly sessions">
      {labels.map((label) => (
        <li key={label} className="rounded-full bg-field-50 px-3 py-1 text-sm font-medium text-field-900" data-testid="weekly-session">
          {label}
        </li>
      ))}
    </ul>
  );
}
