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
