/*
 * Apart from bookings.ts (whose zod schemas every importer loads): the lists that label a series'
 * weeks need only this.
 */

/**
 * "Weekly · week 2 of 8": where each booking sits among the weeks of its series that one athlete
 * holds (My Bookings, the coach's lists). Holds that ran out do not count; a week cancelled later
 * keeps its place, so the numbers do not shift under the family.
 */
export function seriesWeekLabels(
  list: readonly {
    id: number;
    seriesId: string | null;
    athleteId: number | null;
    studentId: number;
    startsAt: string;
    cancelCode?: string | null;
  }[],
): Map<number, string> {
  const groups = new Map<string, { id: number; startsAt: string }[]>();
  for (const b of list) {
    if (!b.seriesId || b.cancelCode === "hold_expired") continue;
    const key = `${b.seriesId}:${b.athleteId ?? `s${b.studentId}`}`;
    groups.set(key, [...(groups.get(key) ?? []), b]);
  }
  const labels = new Map<number, string>();
  for (const weeks of groups.values()) {
    if (weeks.length < 2) continue;
    weeks.sort((a, b) => a.startsAt.localeCompare(b.startsAt));
    weeks.forEach((w, i) => labels.set(w.id, `Weekly · week ${i + 1} of ${weeks.length}`));
  }
  return labels;
}
