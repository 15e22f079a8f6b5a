/**
 * Money rules shared by client and server. Inside the system money is integer cents;
 * the API speaks decimal strings ("85.00"). DESIGN.md section 3: fee = round(rate x 15%),
 * total = rate + fee + tip. The coach keeps 100% of the rate (plus the tip).
 */
export const PLATFORM_FEE_PERCENT = 15;
export const TIP_QUICK_AMOUNTS = [5, 10, 15, 20] as const;

export function platformFeeCents(rateCents: number): number {
  return Math.round((rateCents * PLATFORM_FEE_PERCENT) / 100);
}

export function totalCents(rateCents: number, tipCents = 0): number {
  return rateCents + platformFeeCents(rateCents) + tipCents;
}

export function coachEarningsCents(rateCents: number, tipCents = 0): number {
  return rateCents + tipCents;
}

/** 8500 -> "85.00" */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** "85", "85.5", "85.50", 85.5 -> 8550. Returns null for anything that is not a non-negative amount with at most 2 decimals. */
export function decimalToCents(value: string | number): number | null {
  const text = typeof value === "number" ? String(value) : value.trim();
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? "").padEnd(2, "0"));
  return whole * 100 + fraction;
}

/*
 * The one price rule (issue 29): every price a family sees is what the family pays, the rate plus
 * the platform fee; where the fee is added (checkout, the booking summary) it is named. The coach
 * sees both sides beside each rate. Every surface formats through these, never `$${rate}`.
 */

/** 9200 -> "$92.00" */
export function formatDollars(cents: number): string {
  return `$${centsToDecimal(cents)}`;
}

/** What a family pays for a session at this rate (a decimal string, "80.00"), in cents; null for an unreadable rate. */
export function familyPriceCents(rate: string): number | null {
  const cents = decimalToCents(rate);
  return cents === null ? null : totalCents(cents);
}

/** "$92.00" for an "80.00" rate: the price a family pays, fee included. */
export function familyPrice(rate: string): string {
  const cents = familyPriceCents(rate);
  return cents === null ? `$${rate}` : formatDollars(cents);
}

/** What the coach sees beside each rate: "players pay $92.00, you receive $80.00" for an "80.00" rate. */
export function coachRateNote(rate: string): string | null {
  const cents = decimalToCents(rate);
  if (cents === null) return null;
  return `players pay ${formatDollars(totalCents(cents))}, you receive ${formatDollars(coachEarningsCents(cents))}`;
}

/** The note beside a family price that names the fee inside it. */
export const FEE_INCLUDED_NOTE = `incl. ${PLATFORM_FEE_PERCENT}% platform fee`;

/**
 * The lowest family price among rates, with its duration, for "From $46.00/session (30 min)": a
 * family compares prices they would pay, and a 30-minute price is named as one.
 */
export function lowestFamilyPrice<R extends { rate: string; duration: number }>(rates: readonly R[]): { price: string; rate: R } | null {
  let best: { cents: number; rate: R } | null = null;
  for (const rate of rates) {
    const cents = familyPriceCents(rate.rate);
    if (cents === null) continue;
    if (!best || cents < best.cents || (cents === best.cents && rate.duration > best.rate.duration)) best = { cents, rate };
  }
  return best ? { price: formatDollars(best.cents), rate: best.rate } : null;
}
