import { fullName } from "@contract/names";

/** The API's decimal strings are shown as they are: "85.00" -> "$85.00". */
export function dollars(amount: string | null | undefined): string {
  return `$${amount ?? "0.00"}`;
}

export function sessionTypeLabel(sessionType: string | null | undefined): string {
  return sessionType === "group" ? "Group" : "Individual";
}

export function personName(person: { firstName: string | null; lastName: string | null } | null | undefined, fallback: string): string {
  const name = fullName(person);
  return name || fallback;
}

/**
 * The athlete a booking is for (DESIGN.md 11), else `fallback` (a booking made before families).
 * Without @contract/families, whose schemas would bring zod to the pages that only show a name.
 */
export function bookingAthleteName(
  booking: { athlete: { firstName: string; lastName: string } | null } | undefined,
  fallback: string,
): string {
  return booking?.athlete ? fullName(booking.athlete) || fallback : fallback;
}

/** One line of a booking's summary (coach, date, time...): the label on the left, the value on the right. */
export function SummaryRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium text-slate-900">{value}</dd>
    </div>
  );
}
