import { Star } from "lucide-react";
import { describeRate, type RateResponse } from "@contract/coach-basics";
import type { TimeSlot } from "@contract/slots";
import { cn } from "@client/lib/cn";
import { formatDayLabel, formatSessionRange } from "@client/lib/when";

type CoachLike = {
  profileImageUrl: string | null;
  user: { firstName: string | null; lastName: string | null; profileImageUrl: string | null };
};

export function coachName(coach: CoachLike): string {
  return [coach.user.firstName, coach.user.lastName].filter(Boolean).join(" ") || "Coach";
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

export function RateList({ rates }: { rates: RateResponse[] }) {
  if (rates.length === 0) return <p className="text-sm text-slate-600">Rates not listed yet.</p>;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Rates">
      {rates.map((rate) => (
        <li key={rate.id} className="rounded-md bg-field-50 px-2 py-1 text-sm font-semibold text-field-900">
          {describeRate(rate)}
        </li>
      ))}
    </ul>
  );
}

/** The lowest rate, for "From $min/session"; null without rates. */
export function minRate(rates: RateResponse[]): string | null {
  if (rates.length === 0) return null;
  const lowest = rates.reduce((a, b) => (Number(b.rate) < Number(a.rate) ? b : a));
  return lowest.rate.endsWith(".00") ? lowest.rate.slice(0, -3) : lowest.rate;
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
