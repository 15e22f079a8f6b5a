import { MAX_GROUP_CAPACITY, MIN_GROUP_CAPACITY } from "@contract/slot-basics";

/**
 * coach-side 5: the capacity field keeps digits only while typing and is clamped to 2..10 when it
 * loses focus (an empty field becomes the minimum).
 */
export function digitsOnly(text: string): string {
  return text.replace(/\D/g, "").slice(0, 3);
}

export function clampCapacity(text: string): string {
  const value = Number(digitsOnly(text));
  if (!text.trim() || !Number.isFinite(value)) return String(MIN_GROUP_CAPACITY);
  return String(Math.min(MAX_GROUP_CAPACITY, Math.max(MIN_GROUP_CAPACITY, value)));
}
