import { ShieldCheck } from "lucide-react";
import { Fragment } from "react";
import type { Badge } from "@contract/credentials";
import { cn } from "../lib/cn";

/**
 * DESIGN 12, Verified coaches: what a parent deciding sees (search and match cards, the profile,
 * the booking page, checkout). The screening line reads "SafeSport trained · background checked"
 * with "valid until" the earlier of the two dates; a coach with one of them shows that one. The
 * shield is decoration: the words carry the meaning, never the colour alone. `withOthers` adds the
 * coach's other current credentials (USA Lacrosse, certification level, first aid) on the profile.
 * Nothing shows for a coach without a current badge.
 */
export function ScreeningBadges({
  badges,
  withOthers = false,
  className,
}: {
  badges: readonly Badge[];
  withOthers?: boolean;
  className?: string;
}) {
  const safesport = badges.find((b) => b.kind === "safesport");
  const check = badges.find((b) => b.kind === "background_check");
  const others = withOthers ? badges.filter((b) => b.kind !== "safesport" && b.kind !== "background_check") : [];
  if (!safesport && !check && others.length === 0) return null;
  const phrases = [safesport ? "SafeSport trained" : null, check ? (safesport ? "background checked" : "Background checked") : null].filter(
    (p): p is string => p !== null,
  );
  const until = earliest([safesport?.expiresOn, check?.expiresOn]);
  return (
    <div className={cn("flex flex-col gap-1.5", className)} data-testid="screening-badges">
      {phrases.length > 0 ? (
        <p className="inline-flex w-fit max-w-full items-start gap-2 rounded-lg border border-emerald-700/30 bg-emerald-50 px-2.5 py-1.5 text-sm text-emerald-950">
          <ShieldCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-700" />
          <span className="flex flex-wrap items-baseline gap-x-1.5">
            {/* On a phone the line breaks between the phrases, never inside one. */}
            <span className="font-semibold">
              {phrases.map((phrase, i) => (
                <Fragment key={phrase}>
                  {i > 0 ? " · " : null}
                  <span className="whitespace-nowrap">{phrase}</span>
                </Fragment>
              ))}
            </span>
            {until ? <span className="text-xs text-emerald-900">valid until {formatBadgeDate(until)}</span> : null}
          </span>
        </p>
      ) : null}
      {others.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Other credentials">
          {others.map((b) => (
            <li key={b.kind} className="rounded-full border border-slate-300 bg-white px-2.5 py-0.5 text-xs font-medium text-slate-800">
              {b.label}
              {b.expiresOn ? <span className="text-slate-600"> · valid until {formatBadgeDate(b.expiresOn)}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function earliest(dates: (string | null | undefined)[]): string | null {
  const known = dates.filter((d): d is string => typeof d === "string");
  return known.length === 0 ? null : known.reduce((a, b) => (a < b ? a : b));
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2027-10-30" -> "Oct 30, 2027": a calendar date, the same in every zone (no Intl: cards draw it on a phone). */
export function formatBadgeDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && month ? `${month} ${Number(match[3])}, ${match[1]}` : date;
}
