import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/** Joins class names and lets a later Tailwind class win over an earlier one of the same kind. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/*
 * tailwind-merge builds its class tables at its first merge: about 60 ms on a phone (Lighthouse's
 * fourfold slowdown), which fell inside the first render of a button, a render already long. Done
 * in a task of its own once this module has loaded, it counts for blocking time only beyond 50 ms.
 */
if (typeof window !== "undefined") setTimeout(() => twMerge("p-1", "p-2"), 0);
